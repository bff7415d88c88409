import { Entity } from '../table/entity';
import { CONSIGNMENT_STATUSES } from '../contracts/provider-values';
import { CURRENCIES } from '../money';
import { ELECTRO_SERVICE } from '../table/definition';
import { importMarkAttributes } from '../table/import-marks';

/**
 * Owned by the providers service; shared because a sale (sold) and a payment (paid) change
 * it in the same transaction as their own rows (docs/adr/0013).
 *
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
    /** The catalogue pick (absent: typed by hand, or recorded before the picker). */
    productCatalogId: { type: 'string' },
    productVariantId: { type: 'string' },
    itemBrand: { type: 'string' },
    itemColorway: { type: 'string' },
    itemImageUrl: { type: 'string' },
    price: { type: 'number', required: true },
    salePrice: { type: 'number' },
    currency: { type: CURRENCIES, required: true },
    status: { type: CONSIGNMENT_STATUSES, required: true },
    notes: { type: 'string' },
    soldAt: { type: 'string' },
    /** The commerce sale that sold it, when sold through a sale. */
    saleId: { type: 'string' },
    /** The payment that settled it with the provider (set once: a consignment is paid once). */
    paymentId: { type: 'string' },
    paidAt: { type: 'string' },
    ...importMarkAttributes,
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
