import type { Clock } from '@sneakers/shared/clock';
import type { Currency } from '@sneakers/shared/money';
import type { BucketStats, StoreBalance } from '../ledger/ports';

/** An inventory item that has sat unsold, as the overview lists it. */
export interface DeadStockRow {
  id: string;
  sku: string;
  name: string;
  imageUrl: string | null;
  sizes: string[];
  purchasePrice: number | null;
  currency: Currency;
  createdAt: string;
}

/** The overview's three reads (one DynamoDB request each). */
export interface OverviewReader {
  storeBalances(storeUserId: string): Promise<StoreBalance[]>;
  stats(query: {
    storeUserId: string;
    currency: Currency;
    bucket: 'day' | 'month';
    from: string;
    to: string;
  }): Promise<BucketStats[]>;
  /** The oldest available inventory items created before `before`, oldest first. */
  oldestInventory(storeUserId: string, before: Date): Promise<{ items: DeadStockRow[]; more: boolean }>;
}

export interface OverviewDeps {
  reader: OverviewReader;
  clock: Clock;
}
