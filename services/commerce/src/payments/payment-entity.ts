import { Entity, type EntityItem, type RecordOf } from '@sneakers/shared/table/entity';
import { PAYMENT_METHODS } from '@sneakers/shared/contracts/payments';
import * as common from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A payment to a provider in its store's partition (`pk = storeUserId`, `sk = id`, ULID:
 * newest first is a descending Query); `byProvider` (gsi1, `storeUserId#providerId`) lists
 * one provider's payments the same way. `consignments` is the snapshot of what it settled.
 * A payment is never changed, so it has no updatedAt.
 */
export const paymentEntity = new Entity({
  model: { entity: 'commercePayment', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: common.ownerAttribute,
    id: common.idAttribute,
    providerId: { type: 'string', required: true, readOnly: true },
    providerName: { type: 'string', required: true },
    totalAmount: { type: 'number', required: true },
    currency: common.currencyAttribute,
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
    createdAt: common.timestampAttributes.createdAt,
  },
  indexes: {
    byStore: common.ownedIndex('storeUserId', ['id']),
    byProvider: common.ownedByStatusIndex('gsi1', 'storeUserId', 'providerId', ['id']),
  },
});

export type PaymentRow = EntityItem<typeof paymentEntity>;
/** The API's Payment plus the store it belongs to. */
export type PaymentRecord = RecordOf<PaymentRow>;
