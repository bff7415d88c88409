import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor, type UserActor } from '@sneakers/shared/actor';
import {
  PRICING_PREVIEW_TTL_MS,
  PRICING_RUN_ITEMS_MAX,
  applyPricingRun,
  undoPricingRun,
  type PRICING_ROW_FILTERS,
  type PricingChange,
  type PricingRun,
  type PricingRunRow,
} from '@sneakers/shared/contracts/pricing';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import {
  PRICING_MARKET_MAX_AGE_MS,
  PRICING_PREVIEW_MARKET_BUDGET_MS,
  priceFor,
} from '@sneakers/shared/rules/pricing';
import { storefrontPriceOf } from '@sneakers/shared/rules/storefront';
import type { MarketInputsSource, MarketItem } from '../market/ports';
import type { StrategyRecord } from '../strategies/ports';
import { strategyNotFound } from '../strategies/domain';
import type {
  ChangeRecord,
  ItemSnapshot,
  PriceField,
  PriceWrite,
  RunRecord,
  RunsDeps,
  RunsRepository,
  StoredRow,
} from './ports';

/**
 * Previews, applies and undoes runs of a strategy (docs/product/pricing-strategies.md#preview-apply-and-undo):
 * pure, storage, market data and clock injected. A run only ever reads and writes the caller's
 * own items: every read is in the verified caller's partition.
 */

export const runNotFound = () => new NotFoundError('Run not found.', 'RUN_NOT_FOUND');

/** Which price of an item a strategy sets (WTB target prices are never repriced). */
export const priceFieldOf = (listType: ItemSnapshot['listType']): PriceField =>
  listType === 'inventory' ? 'askingPrice' : 'desiredPrice';

/** A stored preview past PRICING_PREVIEW_TTL_MS reads as expired. */
export function toRun(record: RunRecord, now: Date): PricingRun {
  const expired =
    record.status === 'previewed' && now.getTime() - Date.parse(record.createdAt) > PRICING_PREVIEW_TTL_MS;
  return {
    id: record.id,
    strategyId: record.strategyId,
    strategyName: record.strategyName,
    trigger: record.trigger,
    status: expired ? 'expired' : record.status,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    appliedAt: record.appliedAt,
    undoneAt: record.undoneAt,
    counts: record.counts,
    marketRequests: record.marketRequests,
    marketPending: record.marketPending,
  };
}

export function toRow(row: StoredRow): PricingRunRow {
  const { itemUpdatedAt: _at, ...rest } = row;
  return rest;
}

function toChange(record: ChangeRecord): PricingChange {
  return {
    runId: record.runId,
    strategyId: record.strategyId,
    strategyName: record.strategyName,
    trigger: record.trigger,
    changedBy: record.changedBy,
    before: record.before,
    after: record.after,
    currency: record.currency,
    decidedBy: record.decidedBy,
    input: record.input,
    at: record.at,
    undoneAt: record.undoneAt,
  };
}

/** The items a strategy's selection names: its lists, narrowed to brands and items; never sold ones. */
export function selectItems(strategy: Pick<StrategyRecord, 'selection'>, items: readonly ItemSnapshot[]) {
  const brands = new Set(strategy.selection.brands.map((b) => b.trim().toLowerCase()));
  const ids = new Set(strategy.selection.itemIds);
  return items.filter(
    (item) =>
      item.status !== 'sold' &&
      (brands.size === 0 || brands.has(item.brand.trim().toLowerCase())) &&
      (ids.size === 0 || ids.has(item.id)),
  );
}

function counted(rows: readonly StoredRow[]): RunRecord['counts'] {
  return {
    items: rows.length,
    changes: rows.filter((r) => r.changed).length,
    warnings: rows.filter((r) => r.warnings.length > 0).length,
    applied: rows.filter((r) => r.state === 'applied').length,
    skipped: rows.filter((r) => r.state === 'skipped').length,
    undone: rows.filter((r) => r.state === 'undone').length,
  };
}

/** Rows in a stable, readable order: by name, then sizes, then id. */
const byItemOrder = (a: StoredRow, b: StoredRow) =>
  a.name.localeCompare(b.name) ||
  a.sizes.join(',').localeCompare(b.sizes.join(',')) ||
  a.itemId.localeCompare(b.itemId);

export interface RunRequest {
  strategy: StrategyRecord;
  trigger: RunRecord['trigger'];
  /** The acting user (null for auto mode) and an impersonating superuser beside them. */
  by: string | null;
  impersonatedBy: string | null;
  demo: boolean;
  /** How long the market data refresh may take (PRICING_PREVIEW_MARKET_BUDGET_MS behind the gateway). */
  marketBudgetMs: number;
}

/**
 * Prices the strategy's items now and stores the preview: the market data (refreshed through
 * the port when older than PRICING_MARKET_MAX_AGE_MS, within `marketBudgetMs`), the engine per
 * item, each row with the item's updatedAt at this moment (what apply checks). A row whose
 * product the refresh had no time for is priced from its older data (or the no-market
 * fallback) and flagged `market_data_pending`. 422 NO_ITEMS when nothing matches.
 */
export async function runPreview(
  deps: { runs: RunsRepository; market: MarketInputsSource; clock: RunsDeps['clock']; ids: RunsDeps['ids'] },
  request: RunRequest,
): Promise<{ run: RunRecord; rows: StoredRow[] }> {
  const { strategy } = request;
  const storefront = strategy.target === 'storefront';
  // The online store sells inventory and WTS items (docs/product/online-store.md#the-storefront).
  const listTypes = storefront
    ? strategy.selection.listTypes.filter((l) => l !== 'wtc')
    : strategy.selection.listTypes;
  const items = selectItems(
    strategy,
    listTypes.length > 0 ? await deps.runs.listItems(strategy.ownerUserId, listTypes, storefront) : [],
  );
  if (items.length === 0)
    throw new AppError(422, 'NO_ITEMS', 'No items match this strategy. Check its lists, brands and items.');
  if (items.length > PRICING_RUN_ITEMS_MAX)
    throw new AppError(
      422,
      'TOO_MANY_ITEMS',
      `A strategy prices up to ${PRICING_RUN_ITEMS_MAX} items at once. Narrow it to some lists or brands.`,
    );
  const marketItems: MarketItem[] = items.map((item) => ({
    itemId: item.id,
    productCatalogId: item.productCatalogId,
    productVariantId: item.productVariantId,
    sku: item.sku,
    brand: item.brand,
    sizes: item.sizes,
    isBulk: item.isBulk,
    currency: item.currency,
  }));
  const load = await deps.market.load({
    userId: strategy.ownerUserId,
    demo: request.demo,
    items: marketItems,
    maxAgeMs: PRICING_MARKET_MAX_AGE_MS,
    budgetMs: request.marketBudgetMs,
  });
  const now = deps.clock.now();
  const at = now.toISOString();
  const rows = items
    .map((item): StoredRow => {
      const inputs = load.inputs.get(item.id) ?? { market: null, network: null };
      // The online store charges its own price, else the list price.
      const currentPrice = storefront ? storefrontPriceOf(item.price, item.storefrontPrice) : item.price;
      const outcome = priceFor(strategy.config, {
        currentPrice,
        cost: item.cost,
        market: inputs.market,
        network: inputs.network,
        now: at,
      });
      const changed = outcome.changed && outcome.price !== null;
      return {
        itemId: item.id,
        listType: item.listType,
        name: item.name,
        sku: item.sku,
        brand: item.brand,
        sizes: item.sizes,
        imageUrl: item.imageUrl,
        currency: item.currency,
        currentPrice,
        newPrice: outcome.price,
        changed,
        decidedBy: outcome.decidedBy,
        input: outcome.input,
        fees: outcome.fees,
        marginAfterFees: outcome.marginAfterFees,
        warnings: inputs.pending ? [...outcome.warnings, 'market_data_pending'] : outcome.warnings,
        marketRefreshedAt: inputs.market?.refreshedAt ?? null,
        state: changed ? 'pending' : 'unchanged',
        skipReason: null,
        itemUpdatedAt: item.updatedAt,
        ...(storefront
          ? {
              storefrontBefore:
                item.storefrontPrice === null || item.storefrontUpdatedAt === null
                  ? null
                  : { price: item.storefrontPrice, updatedAt: item.storefrontUpdatedAt },
            }
          : {}),
      };
    })
    .sort(byItemOrder);
  const run: RunRecord = {
    ownerUserId: strategy.ownerUserId,
    id: deps.ids.next(),
    strategyId: strategy.id,
    strategyName: strategy.name,
    trigger: request.trigger,
    target: strategy.target,
    status: 'previewed',
    createdBy: request.by,
    createdAt: at,
    appliedAt: null,
    undoneAt: null,
    counts: counted(rows),
    marketRequests: load.marketplaceRequests,
    retried429: load.retried429,
    marketPending: load.marketPending,
    appliedBy: null,
    undoneBy: null,
    impersonatedBy: request.impersonatedBy,
  };
  await deps.runs.createRun(run, rows);
  return { run, rows };
}

const impersonatorOf = (user: UserActor) => user.impersonator?.userId ?? null;

export async function previewStrategy(deps: RunsDeps, actor: Actor, strategyId: string): Promise<PricingRun> {
  const user = requireWriter(actor);
  const strategy = await deps.strategies.get(user.userId, strategyId);
  if (!strategy) throw strategyNotFound();
  const { run } = await runPreview(deps, {
    strategy,
    trigger: 'manual',
    by: user.userId,
    impersonatedBy: impersonatorOf(user),
    demo: user.isDemo,
    marketBudgetMs: PRICING_PREVIEW_MARKET_BUDGET_MS,
  });
  await deps.strategies.touchLastRun(strategy, run.createdAt);
  return toRun(run, deps.clock.now());
}

export async function listRuns(
  deps: Pick<RunsDeps, 'runs' | 'clock'>,
  actor: Actor,
  query: PageRequest & { strategyId?: string | undefined },
): Promise<Page<PricingRun>> {
  const user = requireUser(actor);
  const now = deps.clock.now();
  const page = await deps.runs.listRuns(user.userId, query.strategyId, query);
  return mapPage(page, (r) => toRun(r, now));
}

export async function getRun(
  deps: Pick<RunsDeps, 'runs' | 'clock'>,
  actor: Actor,
  runId: string,
): Promise<PricingRun> {
  const user = requireUser(actor);
  const run = await deps.runs.getRun(user.userId, runId);
  if (!run) throw runNotFound();
  return toRun(run, deps.clock.now());
}

type RowFilter = (typeof PRICING_ROW_FILTERS)[number];
/** Each filter's rows, and how many the run's counts say there are (counted() counts the same). */
const ROW_FILTERS = new Map<
  RowFilter,
  { keep: (row: StoredRow) => boolean; total: (run: RunRecord) => number }
>([
  ['all', { keep: () => true, total: (run) => run.counts.items }],
  ['changes', { keep: (row) => row.changed, total: (run) => run.counts.changes }],
  ['warnings', { keep: (row) => row.warnings.length > 0, total: (run) => run.counts.warnings }],
  ['skipped', { keep: (row) => row.state === 'skipped', total: (run) => run.counts.skipped }],
]);
const DEFAULT_ROWS_PAGE = 50;

/**
 * Where the next rows page starts: the chunk (`c`) and the row in it (`r`) after the page's
 * last row, the rows of the filter (`f`) already answered (`n`).
 */
export interface RowsPosition {
  f: RowFilter;
  c: number;
  r: number;
  n: number;
}

/** The rows cursor, as the server writes it. */
export function encodeRowsCursor(position: RowsPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A cursor this server wrote, for this filter; anything else is a 400. */
function decodeRowsCursor(cursor: string, filter: RowFilter): RowsPosition {
  const invalid = () => new ValidationError('The page cursor is not valid.', { cursor: ['Invalid cursor'] });
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw invalid();
  const fields = new Map(Object.entries(decoded));
  const [c, r, n] = [fields.get('c'), fields.get('r'), fields.get('n')];
  if (fields.size !== 4 || fields.get('f') !== filter || !isCount(c) || !isCount(r) || !isCount(n) || n < 1)
    throw invalid();
  return { f: filter, c, r, n };
}

/**
 * A page of a run's rows, filtered, read chunk by chunk from the cursor's position (one GetItem
 * each) until the page is full or the filter's rows (the run's counts) are all answered, so a
 * page of a 5,000-row run reads one or two of its ~150 KB chunks, not all twenty.
 */
export async function listRunRows(
  deps: Pick<RunsDeps, 'runs'>,
  actor: Actor,
  runId: string,
  query: PageRequest & { filter?: RowFilter | undefined },
): Promise<Page<PricingRunRow>> {
  const user = requireUser(actor);
  const filter = query.filter ?? 'all';
  const from = query.cursor ? decodeRowsCursor(query.cursor, filter) : { f: filter, c: 0, r: 0, n: 0 };
  const run = await deps.runs.getRun(user.userId, runId);
  if (!run) throw runNotFound();
  const { keep, total } = ROW_FILTERS.get(filter) ?? {
    keep: () => true,
    total: (r: RunRecord) => r.counts.items,
  };
  const limit = query.limit ?? DEFAULT_ROWS_PAGE;
  const left = total(run) - from.n;
  const page: StoredRow[] = [];
  let { c: chunk, r: at } = from;
  let ended = false;
  while (page.length < limit && page.length < left) {
    const rows = await deps.runs.readChunk(user.userId, runId, chunk);
    if (rows === null) {
      ended = true;
      break;
    }
    for (; at < rows.length && page.length < limit; at++) {
      const row = rows[at] as StoredRow;
      if (keep(row)) page.push(row);
    }
    if (at >= rows.length) {
      chunk += 1;
      at = 0;
    }
  }
  const more = !ended && page.length === limit && page.length < left;
  return {
    items: page.map(toRow),
    cursor: more ? encodeRowsCursor({ f: filter, c: chunk, r: at, n: from.n + page.length }) : null,
  };
}

/** Transactions of this many items (each with its history row: 100 actions, DynamoDB's most). */
export const PRICE_WRITES_PER_TRANSACTION = 50;

export interface AppliedOutcome {
  run: RunRecord;
  skipped: { itemId: string; reason: string }[];
}

/**
 * Applies the chosen pending rows of a previewed run: each item's price changes with its
 * history row, only while the item's updatedAt is the preview's; the others are skipped
 * (changed_since_preview, or item_gone). The run becomes applied.
 */
export async function applyRows(
  deps: { runs: RunsRepository; clock: RunsDeps['clock'] },
  run: RunRecord,
  rows: StoredRow[],
  chosen: (row: StoredRow) => boolean,
  by: { userId: string | null; impersonatedBy: string | null },
): Promise<AppliedOutcome> {
  const at = deps.clock.now().toISOString();
  const writes = new Map<string, PriceWrite>();
  for (const row of rows) {
    if (row.state !== 'pending' || !chosen(row)) continue;
    writes.set(row.itemId, {
      item: { userId: run.ownerUserId, listType: row.listType, id: row.itemId },
      target: run.target,
      field: priceFieldOf(row.listType),
      price: row.newPrice,
      updatedAt: at,
      expect:
        run.target === 'storefront'
          ? { updatedAt: row.storefrontBefore?.updatedAt ?? null, itemUpdatedAt: row.itemUpdatedAt }
          : { updatedAt: row.itemUpdatedAt },
      history: {
        create: {
          ownerUserId: run.ownerUserId,
          itemId: row.itemId,
          runId: run.id,
          strategyId: run.strategyId,
          strategyName: run.strategyName,
          trigger: run.trigger,
          changedBy: by.userId,
          impersonatedBy: by.impersonatedBy,
          before: row.currentPrice,
          after: row.newPrice,
          currency: row.currency,
          decidedBy: row.decidedBy,
          input: row.input,
          at,
          undoneAt: null,
        },
      },
    });
  }
  const failed = await deps.runs.writePrices([...writes.values()]);
  const failedIds = new Set(failed.map((w) => w.item.id));
  const still = failed.length
    ? await deps.runs.existingItems(
        run.ownerUserId,
        failed.map((w) => w.item),
      )
    : new Set<string>();
  const skipped: AppliedOutcome['skipped'] = [];
  const nextRows = rows.map((row): StoredRow => {
    if (!writes.has(row.itemId)) return row;
    if (!failedIds.has(row.itemId)) return { ...row, state: 'applied' };
    const reason = still.has(row.itemId) ? 'changed_since_preview' : 'item_gone';
    skipped.push({ itemId: row.itemId, reason });
    return { ...row, state: 'skipped', skipReason: reason };
  });
  const next: RunRecord = {
    ...run,
    status: 'applied',
    appliedAt: at,
    appliedBy: by.userId,
    impersonatedBy: run.impersonatedBy ?? by.impersonatedBy,
    counts: counted(nextRows),
  };
  await deps.runs.saveRun(next, nextRows);
  return { run: next, skipped };
}

type ApplyBody = z.output<typeof applyPricingRun.body>;
type ApplyResult = z.output<typeof applyPricingRun.response>;

async function claimed<R>(
  deps: Pick<RunsDeps, 'runs'>,
  run: RunRecord,
  at: string,
  refusal: () => AppError,
  work: () => Promise<R>,
): Promise<R> {
  if ((await deps.runs.claimRun(run.ownerUserId, run.id, run.status, at)) === 'stale') {
    const now = await deps.runs.getRun(run.ownerUserId, run.id);
    if (now && now.status === run.status)
      throw new ConflictError('This run is being applied or undone. Try again in a moment.', 'BUSY');
    throw refusal();
  }
  try {
    return await work();
  } catch (error) {
    await deps.runs.releaseRun(run.ownerUserId, run.id);
    throw error;
  }
}

export async function applyRun(
  deps: RunsDeps,
  actor: Actor,
  headers: Record<string, string>,
  runId: string,
  body: ApplyBody,
): Promise<ApplyResult> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `pricing.apply#${user.userId}`,
    headers,
    request: { runId, body },
    now,
    result: applyPricingRun.response,
  });
  if (request.replay) return request.replay;
  const run = await deps.runs.getRun(user.userId, runId);
  if (!run) throw runNotFound();
  const notPreview = () => new ConflictError('This run was already applied or undone.', 'RUN_NOT_PREVIEW');
  if (run.status !== 'previewed') throw notPreview();
  if (toRun(run, now).status === 'expired')
    throw new AppError(410, 'PREVIEW_EXPIRED', 'This preview has expired. Run the strategy again.');
  const chosen =
    'all' in body
      ? (
          (except: Set<string>) => (row: StoredRow) =>
            !except.has(row.itemId)
        )(new Set(body.except))
      : (
          (ids: Set<string>) => (row: StoredRow) =>
            ids.has(row.itemId)
        )(new Set(body.itemIds));
  const outcome = await claimed(deps, run, now.toISOString(), notPreview, async () =>
    applyRows(deps, run, await deps.runs.readRows(user.userId, runId), chosen, {
      userId: user.userId,
      impersonatedBy: impersonatorOf(user),
    }),
  );
  const result: ApplyResult = { run: toRun(outcome.run, deps.clock.now()), skipped: outcome.skipped };
  await deps.runs.saveClaim(request.claim(result));
  return result;
}

type UndoResult = z.output<typeof undoPricingRun.response>;

/**
 * Puts back every price the run changed, each only while the item still has the run's price
 * and the run's updatedAt (else skipped, changed_since_apply); the history rows are marked undone.
 */
export async function undoRun(
  deps: RunsDeps,
  actor: Actor,
  headers: Record<string, string>,
  runId: string,
): Promise<UndoResult> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `pricing.undo#${user.userId}`,
    headers,
    request: { runId },
    now,
    result: undoPricingRun.response,
  });
  if (request.replay) return request.replay;
  const run = await deps.runs.getRun(user.userId, runId);
  if (!run) throw runNotFound();
  const notApplied = () => new ConflictError('Only an applied run can be undone.', 'RUN_NOT_APPLIED');
  if (run.status !== 'applied' || run.appliedAt === null) throw notApplied();
  const appliedAt = run.appliedAt;
  const at = now.toISOString();
  const outcome = await claimed(deps, run, at, notApplied, async () => {
    const rows = await deps.runs.readRows(user.userId, runId);
    const writes = rows
      .filter((row) => row.state === 'applied')
      .map((row): PriceWrite => ({
        item: { userId: run.ownerUserId, listType: row.listType, id: row.itemId },
        target: run.target,
        field: priceFieldOf(row.listType),
        // A storefront price goes back to the store's own row as it was (none: the list price).
        price: run.target === 'storefront' ? (row.storefrontBefore?.price ?? null) : row.currentPrice,
        updatedAt: at,
        expect: { updatedAt: appliedAt, price: row.newPrice },
        history: { undo: { ownerUserId: run.ownerUserId, itemId: row.itemId, runId: run.id, at } },
      }));
    const failed = new Set((await deps.runs.writePrices(writes)).map((w) => w.item.id));
    const undone = new Set(writes.map((w) => w.item.id).filter((id) => !failed.has(id)));
    const skipped: UndoResult['skipped'] = [];
    const nextRows = rows.map((row): StoredRow => {
      if (undone.has(row.itemId)) return { ...row, state: 'undone' };
      if (!failed.has(row.itemId)) return row;
      skipped.push({ itemId: row.itemId, reason: 'changed_since_apply' });
      return { ...row, state: 'skipped', skipReason: 'changed_since_apply' };
    });
    const next: RunRecord = {
      ...run,
      status: 'undone',
      undoneAt: at,
      undoneBy: user.userId,
      counts: counted(nextRows),
    };
    await deps.runs.saveRun(next, nextRows);
    return { run: next, skipped };
  });
  const result: UndoResult = { run: toRun(outcome.run, deps.clock.now()), skipped: outcome.skipped };
  await deps.runs.saveClaim(request.claim(result));
  return result;
}

/** An item's price changes made by strategies, newest first; 404 for an item the caller does not have. */
export async function listItemHistory(
  deps: Pick<RunsDeps, 'runs'>,
  actor: Actor,
  itemId: string,
  page: PageRequest,
): Promise<Page<PricingChange>> {
  const user = requireUser(actor);
  const history = await deps.runs.listHistory(user.userId, itemId, page);
  if (history.items.length === 0 && !page.cursor && !(await deps.runs.hasItem(user.userId, itemId)))
    throw new NotFoundError('Item not found.', 'ITEM_NOT_FOUND');
  return mapPage(history, toChange);
}
