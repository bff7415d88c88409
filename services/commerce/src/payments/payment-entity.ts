import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { PAYMENT_METHODS } from '@sneakers/shared/contracts/payments';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A payment to a provider in its store's partition (`pk = storeUserId`, `sk = id`, ULID:
 * newest first is a descending Query); `byProvider` (gsi1, `storeUserId#providerId`) lists
 * one provider's payments the same way. `consignments` is the snapshot of what it settled.
 */
export const paymentEntity = new Entity({
  model: { entity: 'commercePayment', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
    providerName: { type: 'string', required: true },
    totalAmount: { type: 'number', required: true },
    currency: { type: CURRENCIES, required: true },
    paymentMethod: { type: PAYMENT_METHODS, required: true },
    paymentDate: { type: 'string', required: true },
    notes: { type: 'string' },
    consignments: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          itemName: { type: 'string', required: true },
          itemSku: { type: 'string', required: true },
          size: { type: 'string', required: true },
          price: { type: 'number', required: true },
        },
      },
    },
    emailQueuedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byProvider: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['storeUserId', 'providerId'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
  },
});

export type PaymentRow = EntityItem<typeof paymentEntity>;
