import { itemEntity } from '@sneakers/shared/stock/item-entity';
import { toRecord } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { ulid } from '@sneakers/shared/ids';
import { readStats, readStoreBalances } from '../ledger/ledger-reader';
import type { OverviewReader } from './ports';

/**
 * Inventory items read for dead stock, oldest first. Sold items are skipped by a filter
 * after the read, so a store whose oldest items are mostly sold may see fewer dead items
 * than it has; `more` then says that older items were left unread.
 */
export const DEAD_STOCK_SCAN = 100;

/** The lowest ULID of an instant: every id created before it sorts below it. */
const ulidAt = (at: Date) => ulid(at.getTime(), new Uint8Array(10));

export function createOverviewReader(client: DocumentClient, table: string): OverviewReader {
  return {
    storeBalances: (storeUserId) => readStoreBalances(client, table, storeUserId),
    stats: (query) => readStats(client, table, query),
    async oldestInventory(storeUserId, before) {
      // ULID ids sort by creation time: the items created before `before` are a key range.
      const page = await itemEntity.query
        .byOwner({ userId: storeUserId, listType: 'inventory' })
        .between({ id: '' }, { id: ulidAt(before) })
        .where(({ status }, { eq }) => eq(status, 'available'))
        .go({ client, table, order: 'asc', limit: DEAD_STOCK_SCAN, pages: 1 });
      return {
        // The whole record: the use case shows only DeadStockRow's fields of it.
        items: page.data.map((row) => toRecord(itemEntity.schema, row)),
        more: page.cursor !== null,
      };
    },
  };
}
