import { Entity, type EntityItem, type RecordOf } from '@sneakers/shared/table/entity';
import * as common from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A virtual product in its store's partition (`pk = storeUserId`, `sk = id`, a ULID, so a
 * descending Query is newest first). A sale of one adds to `soldCount` in the sale's
 * transaction; the delete is conditional on `soldCount = 0`, so a product with sales is
 * never deleted, even by a delete racing a sale. Absent optional attributes stand for null.
 */
export const virtualProductEntity = new Entity({
  model: { entity: 'commerceVirtualProduct', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: common.ownerAttribute,
    id: common.idAttribute,
    productCatalogId: { type: 'string' },
    productVariantId: { type: 'string' },
    sku: { type: 'string', required: true },
    name: { type: 'string', required: true },
    brand: { type: 'string', required: true },
    colorway: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    price: { type: 'number', required: true },
    costPrice: { type: 'number' },
    currency: common.currencyAttribute,
    sizes: { type: 'list', items: { type: 'string' }, required: true },
    active: { type: 'boolean', required: true },
    notes: { type: 'string' },
    soldCount: { type: 'number', required: true },
    ...common.timestampAttributes,
  },
  indexes: {
    byStore: common.ownedIndex('storeUserId', ['id']),
  },
});

export type VirtualProductRow = EntityItem<typeof virtualProductEntity>;
/** The API's VirtualProduct plus the store it belongs to. */
export type VirtualProductRecord = RecordOf<VirtualProductRow>;
