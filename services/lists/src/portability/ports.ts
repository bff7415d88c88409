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

/** What `erase` reads of an item: its key and the booking it was made from. */
export interface KeyRow {
  id: string;
  bookingId: string | null;
}

export interface Slice<T> {
  rows: T[];
  cursor: string | null;
}

/** One `apply` call's row of an import's index (import-batch-entity.ts). */
export interface ImportBatch {
  userId: string;
  importId: string;
  listType: ListType;
  batchId: string;
  itemIds: string[];
}

export type ItemKey = Pick<Item, 'userId' | 'listType' | 'id' | 'bookingId'>;

/**
 * A write that holds only while the item still has `expectedUpdatedAt`: an import's update,
 * or an undo's delete of what the import created or put back of what it updated.
 */
export type ConditionalWrite =
  | { kind: 'delete'; item: ItemKey; expectedUpdatedAt: string }
  | { kind: 'put'; next: MarkedItem; expectedUpdatedAt: string };

export interface PortableItemStore {
  /** One page of one list, projected to what `erase` needs: one Query. */
  keyPage(userId: string, listType: ListType, cursor: string | null, limit: number): Promise<Slice<KeyRow>>;
  /** One page of one list, whole items with their markers: one Query. */
  page(userId: string, listType: ListType, cursor: string | null, limit: number): Promise<Slice<MarkedItem>>;
  /** Items of one list by id (BatchGetItem, strongly consistent); missing ids are left out. */
  getMany(userId: string, listType: ListType, ids: readonly string[]): Promise<MarkedItem[]>;
  /** Writes new items (fresh ids): BatchWriteItem, 25 a request. */
  createMany(items: readonly MarkedItem[]): Promise<void>;
  /** Whether the write was made: a whole-item Put or a Delete, conditional on `expectedUpdatedAt`. */
  writeIfUnchanged(write: ConditionalWrite): Promise<boolean>;
  /** Deletes items whatever their state (and the booking marker of one made from a booking). */
  deleteMany(items: readonly ItemKey[]): Promise<number>;
  /** Writes (or rewrites) one call's row of the import's index: the items it writes. */
  recordBatch(batch: ImportBatch): Promise<void>;
  /** One page of an import's index in one list: one Query. */
  batchPage(
    userId: string,
    importId: string,
    listType: ListType,
    cursor: string | null,
    limit: number,
  ): Promise<Slice<ImportBatch>>;
  /** Drops rows of the import's index (an undo is done with them, or a call wrote nothing). */
  forgetBatches(batches: readonly Omit<ImportBatch, 'itemIds'>[]): Promise<void>;
  /** Deletes up to `limit` index rows of every import of the user; answers how many went. */
  forgetAllBatches(userId: string, limit: number): Promise<number>;
}

export interface PortabilityDeps {
  items: PortableItemStore;
  clock: Clock;
  ids: IdGenerator;
  /** The id a row's create gives its item; by default `importedRecordId` (tests name them in sequence). */
  recordIds?: (importId: string, row: number) => string;
  /** Public base URL of uploaded files (MEDIA_BASE_URL); undefined: no item has an uploaded file. */
  mediaBaseUrl: string | undefined;
}
