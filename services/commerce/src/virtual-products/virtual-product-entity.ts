import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import type { VirtualProduct } from '@sneakers/shared/contracts/virtual-products';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';

/**
 * A virtual product in its store's partition (`pk = storeUserId`, `sk = id`, a ULID, so a
 * descending Query is newest first). A sale of one adds to `soldCount` in the sale's
 * transaction; the delete is conditional on `soldCount = 0`, so a product with sales is
 * never deleted, even by a delete racing a sale. Absent optional attributes stand for null.
 */
export const virtualProductEntity = new Entity({
  model: { entity: 'commerceVirtualProduct', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    productCatalogId: { type: 'string' },
    productVariantId: { type: 'string' },
    sku: { type: 'string', required: true },
    name: { type: 'string', required: true },
    brand: { type: 'string', required: true },
    colorway: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    price: { type: 'number', required: true },
    costPrice: { type: 'number' },
    currency: { type: CURRENCIES, required: true },
    sizes: { type: 'list', items: { type: 'string' }, required: true },
    active: { type: 'boolean', required: true },
    notes: { type: 'string' },
    soldCount: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});

export type VirtualProductRow = EntityItem<typeof virtualProductEntity>;
export type VirtualProductRecord = VirtualProduct & { storeUserId: string };

/** The attributes that may be null (removed from the row when they are). */
export const VIRTUAL_PRODUCT_NULLABLE = [
  'productCatalogId',
  'productVariantId',
  'imageUrl',
  'costPrice',
  'notes',
] as const;

export function toVirtualProductRow(record: VirtualProductRecord): VirtualProductRow {
  return withoutNulls(record);
}

export function fromVirtualProductRow(row: VirtualProductRow): VirtualProductRecord {
  return {
    ...row,
    productCatalogId: orNull(row.productCatalogId),
    productVariantId: orNull(row.productVariantId),
    imageUrl: orNull(row.imageUrl),
    costPrice: orNull(row.costPrice),
    notes: orNull(row.notes),
  };
}

export function toVirtualProduct(record: VirtualProductRecord): VirtualProduct {
  const { storeUserId: _store, ...product } = record;
  return product;
}
