import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { CURRENCIES } from '@sneakers/shared/money';
import { PRICING_DECIDERS, PRICING_RUN_TRIGGERS } from '@sneakers/shared/contracts/pricing';

/**
 * One applied price change of an item (`pk = ownerUserId#itemId`, `sk = runId`, a ULID): an
 * item's history newest first is one Query, descending; a run changes an item once, so an
 * undo finds the row by key. Written in the same transaction as the item's new price.
 */
export const changeEntity = new Entity({
  model: { entity: 'pricingChange', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    itemId: { type: 'string', required: true, readOnly: true },
    runId: { type: 'string', required: true, readOnly: true },
    strategyId: { type: 'string', required: true },
    strategyName: { type: 'string', required: true },
    trigger: { type: PRICING_RUN_TRIGGERS, required: true },
    changedBy: { type: 'string' },
    impersonatedBy: { type: 'string' },
    before: { type: 'number' },
    after: { type: 'number' },
    currency: { type: CURRENCIES, required: true },
    decidedBy: { type: PRICING_DECIDERS, required: true },
    input: { type: 'any' },
    at: { type: 'string', required: true },
    undoneAt: { type: 'string' },
  },
  indexes: {
    byItem: {
      pk: { field: 'pk', composite: ['ownerUserId', 'itemId'] },
      sk: { field: 'sk', composite: ['runId'] },
    },
  },
});

export type ChangeItem = EntityItem<typeof changeEntity>;
