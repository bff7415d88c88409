import { Entity, toRecord, toRow, type EntityItem } from '../table/entity';
import { ITEM_STATUSES, ITEM_VISIBILITIES, LIST_TYPES } from '../contracts/list-values';
import { CURRENCIES } from '../money';
import { ELECTRO_SERVICE } from '../table/definition';
import { isShownPublicly } from '../rules/public-visibility';
import type { Item } from '../contracts/lists';
import { publicRank } from '../rules/public-rank';

export const IMPORT_ACTIONS = ['created', 'updated'] as const;

/**
 * Owned by the lists service; shared because a sale or an order takes stock in the same
 * transaction as its own rows (docs/adr/0013), and both must write the row the same way.
 *
 * One row per item (docs/product/lists-and-public-lists.md#item-fields), in its owner's partition:
 * `pk = owner`, `sk = listType#id` so one list is a key-condition Query, newest first
 * (ULID ids, descending). `gsi1` is sparse: its keys exist only while the item is shown
 * on the public list (visibility public and status pending); `gsi1sk` sorts urgent first
 * (`rank = 1#id` for urgent, `0#id` otherwise; read descending) and then newest.
 * Absent optional attributes stand for null.
 */
export const itemEntity = new Entity({
  model: { entity: 'sneakerItem', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    listType: { type: LIST_TYPES, required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    status: { type: ITEM_STATUSES, required: true },
    visibility: { type: ITEM_VISIBILITIES, required: true },
    urgent: { type: 'boolean', required: true },
    isBulk: { type: 'boolean', required: true },
    productCatalogId: { type: 'string' },
    productVariantId: { type: 'string' },
    bookingId: { type: 'string' },
    sku: { type: 'string', required: true },
    name: { type: 'string', required: true },
    brand: { type: 'string', required: true },
    colorway: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    sizes: { type: 'list', items: { type: 'string' }, required: true },
    targetPrice: { type: 'number' },
    desiredPrice: { type: 'number' },
    askingPrice: { type: 'number' },
    currency: { type: CURRENCIES, required: true },
    source: { type: 'string' },
    purchasePrice: { type: 'number' },
    purchaseDate: { type: 'string' },
    notes: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
    /** The public-list sort key part: `1#id` when urgent, else `0#id`. */
    rank: { type: 'string', required: true },
    /**
     * Import markers (shared/src/contracts/portability.ts): the import that last wrote the item,
     * what it did, its row, the item's updatedAt then, and the portable before-image (JSON) of an
     * update. Only the lists-portability function reads or writes them; every other write is a
     * whole-item Put (which drops them) or a patch that moves updatedAt (which outdates them).
     */
    importId: { type: 'string' },
    importAction: { type: IMPORT_ACTIONS },
    importRow: { type: 'number' },
    importedAt: { type: 'string' },
    importBefore: { type: 'string' },
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['listType', 'id'] },
    },
    publicList: {
      index: 'gsi1',
      condition: ({ listType, visibility, status }) =>
        isShownPublicly({
          listType: String(listType),
          visibility: String(visibility),
          status: String(status),
        }),
      pk: { field: 'gsi1pk', composite: ['userId', 'listType'] },
      sk: { field: 'gsi1sk', composite: ['rank'] },
    },
  },
});

export type ItemRow = EntityItem<typeof itemEntity>;

export { publicRank } from '../rules/public-rank';

/**
 * Nulls are stored as absent attributes. Beyond that mapping, a row carries its computed
 * public-list `rank` and, after an import, its import markers, which the item itself never shows.
 */
export function toItemRow(item: Item): ItemRow {
  return { ...toRow(item), rank: publicRank(item) };
}

export function fromItemRow(row: ItemRow): Item {
  const {
    rank: _rank,
    importId: _importId,
    importAction: _importAction,
    importRow: _importRow,
    importedAt: _importedAt,
    importBefore: _importBefore,
    ...item
  } = toRecord(itemEntity.schema, row);
  return item;
}
