import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { COUNTERPARTY_KINDS, ORDER_KINDS, ORDER_STATUSES } from '@sneakers/shared/contracts/orders';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * An order, in its store's partition (`pk = storeUserId`, `sk = id`, a ULID): the store's
 * orders newest first are one descending Query; by status, one Query on gsi1
 * (`storeUserId + status` / id). The lines are one document attribute, checked on the way
 * back in. Absent optional attributes stand for null.
 */
export const orderEntity = new Entity({
  model: { entity: 'commerceOrder', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    kind: { type: ORDER_KINDS, required: true, readOnly: true },
    status: { type: ORDER_STATUSES, required: true },
    storeBusinessName: { type: 'string', required: true },
    counterpartyKind: { type: COUNTERPARTY_KINDS, required: true, readOnly: true },
    counterpartyClientId: { type: 'string', readOnly: true },
    counterpartyUserId: { type: 'string', readOnly: true },
    counterpartyName: { type: 'string', required: true },
    counterpartyEmail: { type: 'string' },
    lines: { type: 'any', required: true, readOnly: true },
    currency: { type: CURRENCIES, required: true, readOnly: true },
    total: { type: 'number', required: true, readOnly: true },
    notes: { type: 'string' },
    shareId: { type: 'string', required: true, readOnly: true },
    offerGroupId: { type: 'string', readOnly: true },
    anonymousOfferId: { type: 'string', readOnly: true },
    saleIds: { type: 'list', items: { type: 'string' }, required: true },
    fulfilledAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['storeUserId', 'status'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
  },
});

export type OrderRow = EntityItem<typeof orderEntity>;
