import type { Clock } from '@sneakers/shared/clock';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type {
  PRICING_LIST_TYPES,
  PRICING_RUN_STATUSES,
  PRICING_RUN_TRIGGERS,
  PRICING_TARGETS,
  PricingChange,
  PricingRun,
  PricingRunRow,
} from '@sneakers/shared/contracts/pricing';
import type { MarketInputsSource } from '../market/ports';
import type { StrategiesRepository } from '../strategies/ports';

export type PricedListType = (typeof PRICING_LIST_TYPES)[number];

/** An item of the owner's lists as a run reads it (the shared item row, ./repository.ts). */
export interface ItemSnapshot {
  id: string;
  listType: PricedListType;
  status: string;
  name: string;
  sku: string;
  brand: string;
  sizes: string[];
  imageUrl: string | null;
  currency: Currency;
  /** Inventory: the asking price; WTS/WTC: the desired price. */
  price: number | null;
  /** The purchase price. */
  cost: number | null;
  productCatalogId: string | null;
  productVariantId: string | null;
  isBulk: boolean;
  updatedAt: string;
  /** The online store's own price of the item and when it was set; null when it sells at its list price. */
  storefrontPrice: number | null;
  storefrontUpdatedAt: string | null;
}

/** A run's row as stored: the contract's row and the item's updatedAt when it was previewed. */
export interface StoredRow extends PricingRunRow {
  itemUpdatedAt: string;
  /**
   * A storefront run: the online store's own price row at preview time (null: none, the item
   * sold at its list price), which apply checks and undo puts back.
   */
  storefrontBefore?: { price: number; updatedAt: string } | null;
}

export interface RunRecord extends Omit<PricingRun, 'status'> {
  ownerUserId: string;
  /** Stored status; a preview past its time reads as expired (./domain.ts). */
  status: (typeof PRICING_RUN_STATUSES)[number];
  trigger: (typeof PRICING_RUN_TRIGGERS)[number];
  /** Where the run's prices go (the strategy's target when it ran). */
  target: (typeof PRICING_TARGETS)[number];
  retried429: number;
  /** Who applied and undid it (the acting user; the impersonating superuser beside it). */
  appliedBy: string | null;
  undoneBy: string | null;
  impersonatedBy: string | null;
}

export interface ChangeRecord extends PricingChange {
  ownerUserId: string;
  itemId: string;
  /** The superuser who made the change while impersonating the owner, else null. */
  impersonatedBy: string | null;
}

export type PriceField = 'askingPrice' | 'desiredPrice';

/**
 * One item's price change and its history row, written together (one transaction). A list
 * price changes only while the item's updatedAt (and, for an undo, its price) is as expected;
 * an online store price only while its own row is (absent: `updatedAt` null) and, on apply,
 * the item is unchanged since the preview (`itemUpdatedAt`).
 */
export interface PriceWrite {
  item: { userId: string; listType: PricedListType; id: string };
  target: (typeof PRICING_TARGETS)[number];
  field: PriceField;
  /** The new price; null removes it (the list price, or the storefront's own row). */
  price: number | null;
  updatedAt: string;
  expect: { updatedAt: string | null; price?: number | null; itemUpdatedAt?: string };
  history:
    { create: ChangeRecord } | { undo: { ownerUserId: string; itemId: string; runId: string; at: string } };
}

export interface RunsRepository {
  /** The owner's items of these lists (every page); with their storefront prices when asked. */
  listItems(
    ownerUserId: string,
    listTypes: readonly PricedListType[],
    withStorefrontPrices: boolean,
  ): Promise<ItemSnapshot[]>;
  /** The rows, then the run (so a listed run always has its rows). */
  createRun(run: RunRecord, rows: StoredRow[]): Promise<void>;
  getRun(ownerUserId: string, runId: string): Promise<RunRecord | null>;
  /** Newest first; only one strategy's when `strategyId` is given. */
  listRuns(ownerUserId: string, strategyId: string | undefined, page: PageRequest): Promise<Page<RunRecord>>;
  readRows(ownerUserId: string, runId: string): Promise<StoredRow[]>;
  /** The rows of one chunk (0, 1, …; consistent GetItem); null past the last chunk. */
  readChunk(ownerUserId: string, runId: string, chunk: number): Promise<StoredRow[] | null>;
  /** Marks the run busy while its status is `status` and no other apply/undo holds it. */
  claimRun(
    ownerUserId: string,
    runId: string,
    status: RunRecord['status'],
    at: string,
  ): Promise<'committed' | 'stale'>;
  /** The rows, then the run (releasing the claim). */
  saveRun(run: RunRecord, rows: StoredRow[]): Promise<void>;
  /** Releases a claim without changing the run (a failed apply). */
  releaseRun(ownerUserId: string, runId: string): Promise<void>;
  /** Writes each change with its history row; answers the writes whose condition failed. */
  writePrices(writes: readonly PriceWrite[]): Promise<PriceWrite[]>;
  /** Which of these items still exist. */
  existingItems(
    ownerUserId: string,
    items: readonly { listType: PricedListType; id: string }[],
  ): Promise<Set<string>>;
  /** Whether the owner has this item (any list). */
  hasItem(ownerUserId: string, itemId: string): Promise<boolean>;
  /** The item's changes, newest first. */
  listHistory(ownerUserId: string, itemId: string, page: PageRequest): Promise<Page<ChangeRecord>>;
  /** The first result of an apply or undo, kept for its Idempotency-Key (conditional on absence). */
  saveClaim(claim: IdempotencyClaim): Promise<void>;
}

export interface RunsDeps {
  runs: RunsRepository;
  strategies: Pick<StrategiesRepository, 'get' | 'touchLastRun'>;
  market: MarketInputsSource;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
