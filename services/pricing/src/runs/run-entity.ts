import { idAttribute, ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import {
  PRICING_RUN_STATUSES,
  PRICING_RUN_TRIGGERS,
  PRICING_TARGETS,
} from '@sneakers/shared/contracts/pricing';

/**
 * A run's header, in its owner's partition (`pk = ownerUserId`, `sk = id`, a ULID): the run
 * history newest first is one Query, descending. Its rows are `pricingRunRows` chunks.
 * `claimedAt` is set while an apply or undo works on it. Absent optional attributes are null.
 */
export const runEntity = new Entity({
  model: { entity: 'pricingRun', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    id: idAttribute,
    strategyId: { type: 'string', required: true, readOnly: true },
    strategyName: { type: 'string', required: true, readOnly: true },
    trigger: { type: PRICING_RUN_TRIGGERS, required: true, readOnly: true },
    /** Where its prices go: the list price, or the online store's own price. */
    target: { type: PRICING_TARGETS, required: true, readOnly: true },
    status: { type: PRICING_RUN_STATUSES, required: true },
    createdBy: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    appliedAt: { type: 'string' },
    appliedBy: { type: 'string' },
    undoneAt: { type: 'string' },
    undoneBy: { type: 'string' },
    impersonatedBy: { type: 'string' },
    counts: { type: 'any', required: true },
    marketRequests: { type: 'number', required: true },
    retried429: { type: 'number', required: true },
    /** Products whose market data the preview had no time to refresh (absent on older runs: 0). */
    marketPending: { type: 'number' },
    /** How many row chunks the run has. */
    chunks: { type: 'number', required: true },
    claimedAt: { type: 'string' },
  },
  indexes: { byOwner: ownedIndex('ownerUserId', ['id']) },
});

export type RunItem = EntityItem<typeof runEntity>;
