import { Entity, toRecord, type EntityItem, type RecordOf } from '@sneakers/shared/table/entity';
import { SALE_PAYMENT_METHODS, SALE_SOURCES } from '@sneakers/shared/contracts/sale-schema';
import * as common from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { importMarkAttributes, type ImportMarkKey } from '@sneakers/shared/table/import-marks';

/**
 * A sale in its store's partition (`pk = storeUserId`, `sk = id`, a ULID): keyed by the
 * store of the verified token, so another store's sale simply is not found. gsi1
 * (`storeUserId` / `saleDate#id`) lists a period newest sale date first and feeds the CSV
 * export and the DAC7 summary; the entity prefix ElectroDB puts in gsi1sk keeps other
 * entities sharing the store's gsi1 partition out of its key range. The commerce-overview
 * stream consumer aggregates INSERTs of this entity. Absent optional attributes stand for null.
 */
export const saleEntity = new Entity({
  model: { entity: 'commerceSale', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: common.ownerAttribute,
    id: common.idAttribute,
    source: { type: SALE_SOURCES, required: true, readOnly: true },
    itemId: { type: 'string' },
    providerId: { type: 'string' },
    consignmentId: { type: 'string' },
    orderId: { type: 'string' },
    productCatalogId: { type: 'string' },
    sku: { type: 'string', required: true },
    name: { type: 'string', required: true },
    brand: { type: 'string', required: true },
    colorway: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    size: { type: 'string', required: true },
    quantity: { type: 'number', required: true },
    salePrice: { type: 'number', required: true },
    purchasePrice: { type: 'number', required: true },
    fees: { type: 'number', required: true },
    profit: { type: 'number', required: true },
    currency: common.currencyAttribute,
    saleDate: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string' },
    buyerName: { type: 'string', required: true },
    shippingCarrier: { type: 'string' },
    trackingNumber: { type: 'string' },
    notes: { type: 'string' },
    paymentMethod: { type: SALE_PAYMENT_METHODS },
    confirmationQueuedAt: { type: 'string' },
    ...importMarkAttributes,
    ...common.timestampAttributes,
  },
  indexes: {
    byStore: common.ownedIndex('storeUserId', ['id']),
    byDate: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['storeUserId'] },
      sk: { field: 'gsi1sk', composite: ['saleDate', 'id'] },
    },
  },
});

export type SaleRow = EntityItem<typeof saleEntity>;

/** A sale as stored: the API's Sale plus the store it belongs to (import markers: src/portability). */
export type SaleRecord = Omit<RecordOf<SaleRow>, ImportMarkKey>;

/** The record of a stored row, without the import markers (they never reach the API). */
export function toSaleRecord(row: SaleRow): SaleRecord {
  const {
    importId: _id,
    importAction: _action,
    importRow: _row,
    importedAt: _at,
    importBefore: _before,
    ...record
  } = toRecord(saleEntity.schema, row);
  return record;
}
