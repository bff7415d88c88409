import type { StreamRecord } from '@sneakers/shared/runtime/function';
import type { Currency } from '@sneakers/shared/money';
import type { AggregateRow, Counters, RowDelta } from './deltas';

export type ApplyOutcome = 'applied' | 'duplicate' | 'erased';

export interface LedgerWriter {
  /**
   * Applies the deltas of one or more changes with a claim per change, in one transaction:
   * 'duplicate' (nothing written) when any of them was applied before; 'erased' (nothing
   * written) when a delta `onlyIfExists` found its row gone.
   */
  apply(eventIds: readonly string[], deltas: readonly RowDelta[]): Promise<ApplyOutcome>;
}

export interface LedgerDeps {
  writer: LedgerWriter;
  /**
   * Which of these aggregate rows exist (their `rowId`s). A deletion only takes its row's
   * figures off rows that exist: one that does not was erased with its account
   * (docs/product/accounts.md#closing-the-account), and must not come back negative.
   */
  existingRows?(rows: readonly AggregateRow[]): Promise<Set<string>>;
  /** Says why a change failed (it is retried, then parked in the stream's dead-letter queue). */
  onError(error: unknown, record: StreamRecord): void;
}

/** A store's balances in one currency, as the ledger's `c#` row holds them (ledger-reader.ts). */
export interface StoreBalance {
  currency: Currency;
  /** Inventory at cost: purchase price × pairs of available items. */
  stockValue: number;
  stockUnits: number;
  /** Prepaid amounts of active and found bookings. */
  deposits: number;
  /** Sold consignments not yet paid, and how many. */
  owed: number;
  unpaid: number;
  /** Sales ever recorded in this currency. */
  sales: number;
}

/** A day's or a month's sales figures of one currency (ledger-reader.ts). */
export interface BucketStats {
  /** YYYY-MM-DD (a day) or YYYY-MM (a month). */
  key: string;
  totals: Counters;
  brands: { brand: string; revenue: number; units: number }[];
  products: { sku: string; name: string; revenue: number; units: number }[];
}
