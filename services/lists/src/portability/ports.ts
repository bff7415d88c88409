import type { Clock } from '@sneakers/shared/clock';
import type { Item, ListType } from '@sneakers/shared/contracts/lists';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { IMPORT_ACTIONS } from '@sneakers/shared/stock/item-entity';

/**
 * What an import left on an item (shared/src/contracts/portability.ts): the import, what it did,
 * its row, the item's updatedAt then, and the portable before-image (JSON) of an update.
 */
export interface ImportMarkers {
  importId: string;
  importAction: (typeof IMPORT_ACTIONS)[number];
  importRow: number;
  importedAt: string;
  /** JSON of the portable record before the import's update; null for a created item. */
  importBefore: string | null;
}

export interface MarkedItem {
  item: Item;
  markers: ImportMarkers | null;
}

/** What `keys` reads of an item: its key fields and its markers. */
export interface KeyRow {
  id: string;
  sku: string;
  sizes: string[];
  bookingId: string | null;
  updatedAt: string;
  markers: ImportMarkers | null;
}

export interface Slice<T> {
  rows: T[];
  cursor: string | null;
}

export type ItemKey = Pick<Item, 'userId' | 'listType' | 'id' | 'bookingId'>;

export interface PortableItemStore {
  /** One page of one list, projected to what the key and the markers need: one Query. */
  keyPage(userId: string, listType: ListType, cursor: string | null, limit: number): Promise<Slice<KeyRow>>;
  /** One page of one list, whole items with their markers: one Query. */
  page(userId: string, listType: ListType, cursor: string | null, limit: number): Promise<Slice<MarkedItem>>;
  /** Items of one list by id (BatchGetItem, strongly consistent); missing ids are left out. */
  getMany(userId: string, listType: ListType, ids: readonly string[]): Promise<MarkedItem[]>;
  /**
   * Writes new items (fresh ids): BatchWriteItem, 25 a request; the import's index rows of
   * the marked ones first, so no item of an import is ever missing from its index.
   */
  createMany(items: readonly MarkedItem[]): Promise<void>;
  /**
   * Whole-item Put while the row still has `expectedUpdatedAt`; false otherwise. With markers,
   * the import's index row in the same transaction.
   */
  replace(next: MarkedItem, expectedUpdatedAt: string): Promise<boolean>;
  /** One page of the ids of the items an import wrote in one list: one Query. */
  importedPage(
    userId: string,
    importId: string,
    listType: ListType,
    cursor: string | null,
    limit: number,
  ): Promise<Slice<string>>;
  /** Drops the import's index rows of these items (its undo is done with them). */
  forgetImported(
    userId: string,
    importId: string,
    listType: ListType,
    itemIds: readonly string[],
  ): Promise<void>;
  /** Deletes up to `limit` index rows of every import of the user; answers how many went. */
  forgetAllImports(userId: string, limit: number): Promise<number>;
  /** Deletes the item while the row still has `expectedUpdatedAt`; false otherwise. */
  deleteIfUnchanged(item: ItemKey, expectedUpdatedAt: string): Promise<boolean>;
  /** Deletes items whatever their state (and the booking marker of one made from a booking). */
  deleteMany(items: readonly ItemKey[]): Promise<number>;
}

export interface PortabilityDeps {
  items: PortableItemStore;
  clock: Clock;
  ids: IdGenerator;
  /** Public base URL of uploaded files (MEDIA_BASE_URL); undefined: no item has an uploaded file. */
  mediaBaseUrl: string | undefined;
}
