import {
  IMPORT_ACTIONS,
  fromItemRow,
  itemEntity,
  toItemRow,
  type ItemRow,
} from '@sneakers/shared/stock/item-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRow } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { conditional } from '@sneakers/shared/table/transaction';
import { createItemRepository } from '../items/repository';
import { importBatchEntity } from './import-batch-entity';
import type { ImportMarkers, ItemKey, MarkedItem, PortableItemStore } from './ports';

/** Rounds of unprocessed writes or keys before giving up (DynamoDB leaves them under throttling). */
const BATCH_ROUNDS = 5;
const BATCH_CONCURRENCY = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type MarkerFields = Pick<ItemRow, 'importId' | 'importAction' | 'importRow' | 'importedAt' | 'importBefore'>;

function markersOf(row: MarkerFields): ImportMarkers | null {
  const { importId, importAction, importRow, importedAt, importBefore } = row;
  if (
    importId === undefined ||
    importAction === undefined ||
    importRow === undefined ||
    importedAt === undefined
  )
    return null;
  if (!IMPORT_ACTIONS.includes(importAction)) return null;
  return { importId, importAction, importRow, importedAt, importBefore: importBefore ?? null };
}

/** The item's row with its markers; a whole-item Put, so an item written without markers has none. */
function rowOf({ item, markers }: MarkedItem): ItemRow {
  return { ...toItemRow(item), ...(markers ? toRow(markers) : {}) };
}

const fromMarkedRow = (row: ItemRow): MarkedItem => ({ item: fromItemRow(row), markers: markersOf(row) });

/** What `erase` reads of an item. */
const KEY_ATTRIBUTES = ['id', 'bookingId'] as const;

/** Rows of one entity written or deleted in BatchWriteItem requests, unprocessed ones asked again. */
async function untilProcessed<K>(
  first: readonly K[],
  write: (pending: readonly K[]) => Promise<{ unprocessed: K[] }>,
  what: string,
): Promise<void> {
  let pending = first;
  for (let round = 0; pending.length > 0; round++) {
    if (round >= BATCH_ROUNDS) throw new Error(`${pending.length} ${what} were not written`);
    if (round > 0) await sleep(50 * 2 ** round);
    pending = (await write(pending)).unprocessed;
  }
}

/**
 * Access patterns (services/lists/README.md, data portability): the owner's list, one Query per
 * page (projected for erase); items of one list by id, one BatchGetItem of up to 200 keys
 * (consistent, as the conditional writes after it compare updatedAt); creates in
 * BatchWriteItem of 25; updates and the undo's writes as single Put/Delete conditional on
 * updatedAt; an import's index, one Put per apply call and one Query per undo call. No Scan.
 */
export function createPortableItemStore(client: DocumentClient, table: string): PortableItemStore {
  const service = new Service({ item: itemEntity, batch: importBatchEntity }, { client, table });
  const { item: entity, batch: batches } = service.entities;
  const items = createItemRepository(client, table);

  return {
    async keyPage(userId, listType, cursor, limit) {
      const page = await queryPage(
        { cursor: cursor ?? undefined, limit },
        { defaultLimit: limit },
        (go) =>
          entity.query
            .byOwner({ userId, listType })
            .go({ order: 'desc', attributes: [...KEY_ATTRIBUTES], ...go }),
        (row) => ({ id: row.id, bookingId: row.bookingId ?? null }),
      );
      return { rows: page.items, cursor: page.cursor };
    },

    async page(userId, listType, cursor, limit) {
      const page = await queryPage(
        { cursor: cursor ?? undefined, limit },
        { defaultLimit: limit },
        (go) => entity.query.byOwner({ userId, listType }).go({ order: 'desc', ...go }),
        fromMarkedRow,
      );
      return { rows: page.items, cursor: page.cursor };
    },

    async getMany(userId, listType, ids) {
      const found: MarkedItem[] = [];
      let pending = ids.map((id) => ({ userId, listType, id }));
      for (let round = 0; pending.length > 0; round++) {
        if (round >= BATCH_ROUNDS) throw new Error('BatchGetItem kept leaving keys unprocessed');
        if (round > 0) await sleep(50 * 2 ** round);
        const { data, unprocessed } = await entity.get(pending).go({ consistent: true, concurrency: 2 });
        found.push(...data.map(fromMarkedRow));
        pending = unprocessed.map((key) => ({ userId, listType: key.listType, id: key.id }));
      }
      return found;
    },

    async createMany(marked) {
      const byId = new Map(marked.map((m) => [m.item.id, m]));
      await untilProcessed(
        marked,
        async (pending) => {
          const { unprocessed } = await entity.put(pending.map(rowOf)).go({ concurrency: BATCH_CONCURRENCY });
          return { unprocessed: unprocessed.flatMap((key) => byId.get(key.id) ?? []) };
        },
        'items',
      );
    },

    async recordBatch(batch) {
      await batches.put(batch).go();
    },

    async batchPage(userId, importId, listType, cursor, limit) {
      const page = await queryPage(
        { cursor: cursor ?? undefined, limit },
        { defaultLimit: limit },
        (go) => batches.query.byImport({ userId, importId, listType }).go(go),
        (row) => ({ ...row, itemIds: [...row.itemIds] }),
      );
      return { rows: page.items, cursor: page.cursor };
    },

    async forgetBatches(keys) {
      await untilProcessed(
        keys.map(({ userId, importId, listType, batchId }) => ({ userId, importId, listType, batchId })),
        (pending) => batches.delete(pending).go({ concurrency: BATCH_CONCURRENCY }),
        'import index rows',
      );
    },

    async forgetAllBatches(userId, limit) {
      const { data } = await batches.query
        .byImport({ userId })
        .go({ attributes: ['importId', 'listType', 'batchId'], limit });
      await untilProcessed(
        data.map(({ importId, listType, batchId }) => ({ userId, importId, listType, batchId })),
        (pending) => batches.delete(pending).go({ concurrency: BATCH_CONCURRENCY }),
        'import index rows',
      );
      return data.length;
    },

    async writeIfUnchanged(write) {
      const key = ({ userId, listType, id }: ItemKey) => ({ userId, listType, id });
      const outcome = await conditional(
        () =>
          write.kind === 'delete'
            ? entity
                .delete(key(write.item))
                .where(({ updatedAt }, { eq }) => eq(updatedAt, write.expectedUpdatedAt))
                .go()
            : entity
                .put(rowOf(write.next))
                .where(({ updatedAt }, { eq }) => eq(updatedAt, write.expectedUpdatedAt))
                .go(),
        'changed',
      );
      return outcome === 'committed';
    },

    async deleteMany(keys) {
      // An item made from a booking goes with its booking's marker, in one transaction.
      const withBooking = keys.filter((k) => k.bookingId !== null);
      const alone = keys
        .filter((k) => k.bookingId === null)
        .map(({ userId, listType, id }) => ({ userId, listType, id }));
      await untilProcessed(
        alone,
        (rows) => entity.delete(rows).go({ concurrency: BATCH_CONCURRENCY }),
        'items',
      );
      let deleted = alone.length;
      for (const key of withBooking) if (await items.delete(key)) deleted++;
      return deleted;
    },
  };
}
