import { fixedClock } from '@sneakers/shared/clock';
import type { IdempotencyClaim } from '@sneakers/shared/idempotency/idempotency';
import { sequenceIds } from '@sneakers/shared/ids';
import type { MarketInputs, MarketInputsSource } from '../../src/market/ports';
import type {
  ChangeRecord,
  ItemSnapshot,
  PriceWrite,
  RunRecord,
  RunsDeps,
  StoredRow,
} from '../../src/runs/ports';
import type { StrategiesDeps, StrategyRecord } from '../../src/strategies/ports';
import { ROWS_PER_CHUNK } from '../../src/runs/run-rows-entity';

/** An item as the memory store holds it (the shared item row's fields a run reads). */
export type MemoryItem = ItemSnapshot & { userId: string };

/**
 * In-memory ports with the repositories' semantics: conditional claims and versions,
 * item writes conditional on updatedAt (and price), a change and its history row together,
 * newest first, offset cursors.
 */
export function memoryDeps(at = '2026-11-22T10:00:00.000Z') {
  const clock = fixedClock(at);
  const ids = sequenceIds('id');
  const strategies = new Map<string, StrategyRecord>();
  const claims = new Map<string, IdempotencyClaim>();
  const items = new Map<string, MemoryItem>();
  const runs = new Map<string, RunRecord>();
  const rows = new Map<string, StoredRow[]>();
  /** Row chunk records read (each a GetItem, or each of a Query's items). */
  const chunkReads = { count: 0 };
  const history = new Map<string, ChangeRecord>();
  const claimed = new Set<string>();
  const market = new Map<string, MarketInputs>();
  const marketCalls: { userId: string; demo: boolean; itemIds: string[]; budgetMs?: number }[] = [];
  const key = (a: string, b: string) => `${a}#${b}`;
  const page = <T>(all: T[], request: { cursor?: string | undefined; limit?: number | undefined }) => {
    const start = request.cursor ? Number(request.cursor) : 0;
    const end = start + (request.limit ?? 25);
    return {
      items: all.slice(start, end).map((t) => structuredClone(t)),
      cursor: end < all.length ? String(end) : null,
    };
  };

  const idempotency = {
    get: async (scope: string, k: string) => {
      const claim = claims.get(key(scope, k));
      if (!claim) return null;
      const { ttl: _ttl, ...stored } = claim;
      return structuredClone(stored);
    },
  };

  const strategiesRepo: StrategiesDeps['strategies'] = {
    list: async (owner) =>
      [...strategies.values()].filter((s) => s.ownerUserId === owner).map((s) => structuredClone(s)),
    get: async (owner, id) => structuredClone(strategies.get(key(owner, id)) ?? null),
    create: async (record, claim) => {
      if (claims.has(key(claim.scope, claim.key))) return 'duplicate';
      claims.set(key(claim.scope, claim.key), structuredClone(claim));
      strategies.set(key(record.ownerUserId, record.id), structuredClone(record));
      return 'committed';
    },
    replace: async (record, expectedVersion) => {
      const current = strategies.get(key(record.ownerUserId, record.id));
      if (!current || current.version !== expectedVersion) return 'stale';
      strategies.set(key(record.ownerUserId, record.id), structuredClone(record));
      return 'committed';
    },
    delete: async (owner, id) => (strategies.delete(key(owner, id)) ? 'committed' : 'missing'),
    listDue: async (now, limit) =>
      [...strategies.values()]
        .filter((s) => s.nextRunAt !== null && s.nextRunAt <= now)
        .sort((a, b) => (a.nextRunAt ?? '').localeCompare(b.nextRunAt ?? ''))
        .slice(0, limit)
        .map((s) => structuredClone(s)),
    markRan: async ({ ownerUserId, id }, expected, ranAt, nextRunAt) => {
      const current = strategies.get(key(ownerUserId, id));
      if (!current || current.nextRunAt !== expected) return 'stale';
      strategies.set(key(ownerUserId, id), { ...current, lastRunAt: ranAt, nextRunAt });
      return 'committed';
    },
    touchLastRun: async ({ ownerUserId, id }, ranAt) => {
      const current = strategies.get(key(ownerUserId, id));
      if (current) strategies.set(key(ownerUserId, id), { ...current, lastRunAt: ranAt });
    },
  };

  const priceOf = (item: MemoryItem) => item.price;
  const runsRepo: RunsDeps['runs'] = {
    listItems: async (owner, listTypes, withStorefrontPrices) =>
      [...items.values()]
        .filter((i) => i.userId === owner && listTypes.includes(i.listType))
        .map(({ userId: _u, ...i }) =>
          structuredClone(
            withStorefrontPrices ? i : { ...i, storefrontPrice: null, storefrontUpdatedAt: null },
          ),
        ),
    createRun: async (run, stored) => {
      rows.set(key(run.ownerUserId, run.id), structuredClone(stored));
      runs.set(key(run.ownerUserId, run.id), structuredClone(run));
    },
    getRun: async (owner, id) => structuredClone(runs.get(key(owner, id)) ?? null),
    listRuns: async (owner, strategyId, request) =>
      page(
        [...runs.values()]
          .filter((r) => r.ownerUserId === owner && (strategyId === undefined || r.strategyId === strategyId))
          .sort((a, b) => b.id.localeCompare(a.id)),
        request,
      ),
    readRows: async (owner, runId) => {
      const stored = rows.get(key(owner, runId)) ?? [];
      chunkReads.count += Math.max(1, Math.ceil(stored.length / ROWS_PER_CHUNK));
      return structuredClone(stored);
    },
    readChunk: async (owner, runId, chunk) => {
      chunkReads.count += 1;
      const stored = rows.get(key(owner, runId));
      // The repository's chunks: ROWS_PER_CHUNK rows each, at least one (an empty run's).
      if (!stored || chunk < 0 || (chunk > 0 && chunk * ROWS_PER_CHUNK >= stored.length)) return null;
      return structuredClone(stored.slice(chunk * ROWS_PER_CHUNK, (chunk + 1) * ROWS_PER_CHUNK));
    },
    claimRun: async (owner, id, status) => {
      const run = runs.get(key(owner, id));
      if (!run || run.status !== status || claimed.has(key(owner, id))) return 'stale';
      claimed.add(key(owner, id));
      return 'committed';
    },
    saveRun: async (run, stored) => {
      rows.set(key(run.ownerUserId, run.id), structuredClone(stored));
      runs.set(key(run.ownerUserId, run.id), structuredClone(run));
      claimed.delete(key(run.ownerUserId, run.id));
    },
    releaseRun: async (owner, id) => {
      claimed.delete(key(owner, id));
    },
    writePrices: async (writes) => {
      const failed: PriceWrite[] = [];
      for (const write of writes) {
        const item = items.get(key(write.item.userId, write.item.id));
        const { expect } = write;
        const holds =
          write.target === 'storefront'
            ? (item === undefined
                ? expect.itemUpdatedAt === undefined
                : expect.itemUpdatedAt === undefined || item.updatedAt === expect.itemUpdatedAt) &&
              (item?.storefrontUpdatedAt ?? null) === expect.updatedAt &&
              (expect.price === undefined || (item?.storefrontPrice ?? null) === expect.price)
            : item !== undefined &&
              item.listType === write.item.listType &&
              item.updatedAt === expect.updatedAt &&
              (expect.price === undefined || priceOf(item) === expect.price);
        if (!item || !holds) {
          failed.push(write);
          continue;
        }
        items.set(
          key(write.item.userId, write.item.id),
          write.target === 'storefront'
            ? {
                ...item,
                storefrontPrice: write.price,
                storefrontUpdatedAt: write.price === null ? null : write.updatedAt,
              }
            : { ...item, price: write.price, updatedAt: write.updatedAt },
        );
        if ('create' in write.history) {
          const change = write.history.create;
          history.set(`${change.ownerUserId}#${change.itemId}#${change.runId}`, structuredClone(change));
        } else {
          const { ownerUserId, itemId, runId, at: undoneAt } = write.history.undo;
          const change = history.get(`${ownerUserId}#${itemId}#${runId}`);
          if (change) history.set(`${ownerUserId}#${itemId}#${runId}`, { ...change, undoneAt });
        }
      }
      return failed;
    },
    existingItems: async (owner, keys) =>
      new Set(keys.filter((k) => items.has(key(owner, k.id))).map((k) => k.id)),
    hasItem: async (owner, id) => items.has(key(owner, id)),
    listHistory: async (owner, itemId, request) =>
      page(
        [...history.values()]
          .filter((c) => c.ownerUserId === owner && c.itemId === itemId)
          .sort((a, b) => b.runId.localeCompare(a.runId)),
        request,
      ),
    saveClaim: async (claim) => {
      if (!claims.has(key(claim.scope, claim.key)))
        claims.set(key(claim.scope, claim.key), structuredClone(claim));
    },
  };

  const marketSource: MarketInputsSource = {
    load: async ({ userId, demo, items: wanted, budgetMs }) => {
      marketCalls.push({
        userId,
        demo,
        itemIds: wanted.map((i) => i.itemId),
        ...(budgetMs === undefined ? {} : { budgetMs }),
      });
      const inputs = new Map(
        wanted.map((i) => [i.itemId, market.get(i.itemId) ?? { market: null, network: null }]),
      );
      return {
        inputs,
        marketplaceRequests: 0,
        retried429: 0,
        // One product per item here.
        marketPending: [...inputs.values()].filter((i) => i.pending === true).length,
      };
    },
  };

  const strategiesDeps: StrategiesDeps = { strategies: strategiesRepo, idempotency, clock, ids };
  const runsDeps: RunsDeps = {
    runs: runsRepo,
    strategies: strategiesRepo,
    market: marketSource,
    idempotency,
    clock,
    ids,
  };
  return {
    clock,
    strategiesDeps,
    runsDeps,
    autoDeps: { strategies: strategiesRepo, runs: runsRepo, market: marketSource, clock, ids },
    items,
    history,
    strategies,
    market,
    marketCalls,
    chunkReads,
    /** Adds an item to the store (its key: owner and id). */
    putItem(item: MemoryItem) {
      items.set(key(item.userId, item.id), structuredClone(item));
    },
    item(owner: string, id: string) {
      return items.get(key(owner, id));
    },
  };
}
