import { Entity } from 'electrodb';
import { CONSIGNMENT_STATUSES } from '@sneakers/shared/contracts/providers';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A consignment in its (store, provider) partition (`pk = storeUserId#providerId`,
 * `sk = id`): keyed by the store of the verified token, so another store's provider or
 * consignment simply is not found. Ids are ULIDs, so one descending Query lists a
 * provider's consignments newest first. Absent optional attributes stand for null.
 */
export const consignmentEntity = new Entity({
  model: { entity: 'providerConsignment', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    itemSku: { type: 'string', required: true },
    itemName: { type: 'string', required: true },
    size: { type: 'string', required: true },
    productVariantId: { type: 'string' },
    price: { type: 'number', required: true },
    salePrice: { type: 'number' },
    currency: { type: CURRENCIES, required: true },
    status: { type: CONSIGNMENT_STATUSES, required: true },
    notes: { type: 'string' },
    soldAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byProvider: {
      pk: { field: 'pk', composite: ['storeUserId', 'providerId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});
