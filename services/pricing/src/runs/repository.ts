import type { Currency } from '@sneakers/shared/money';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import { LIST_TYPES } from '@sneakers/shared/contracts/lists';
import type { PricingChange } from '@sneakers/shared/contracts/pricing';
import { itemEntity } from '@sneakers/shared/stock/item-entity';
import { storefrontPriceEntity } from '@sneakers/shared/stock/storefront-price-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRow, type TransactionItem } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { conditional, transactReporting } from '@sneakers/shared/table/transaction';
import { changeEntity, type ChangeItem } from './change-entity';
import { PRICE_WRITES_PER_TRANSACTION } from './domain';
import type { ChangeRecord, ItemSnapshot, PriceWrite, RunRecord, RunsRepository, StoredRow } from './ports';
import { runEntity, type RunItem } from './run-entity';
import { ROWS_PER_CHUNK, runRowsEntity } from './run-rows-entity';

const DEFAULT_PAGE = 25;
/** DynamoDB's most actions in one TransactWriteItems. */
const MAX_TRANSACTION_ACTIONS = 100;
/** Transactions of an apply or undo in flight at once. */
const WRITE_CONCURRENCY = 6;
/** A claim older than this was left by a crashed apply and may be taken over. */
const CLAIM_TIMEOUT_MS = 5 * 60 * 1000;

const ITEM_ATTRIBUTES = [
  'userId',
  'listType',
  'id',
  'status',
  'name',
  'sku',
  'brand',
  'sizes',
  'imageUrl',
  'currency',
  'askingPrice',
  'desiredPrice',
  'purchasePrice',
  'productCatalogId',
  'productVariantId',
  'isBulk',
  'updatedAt',
] as const;

function toRunRecord(item: RunItem): RunRecord {
  return {
    ownerUserId: item.ownerUserId,
    id: item.id,
    strategyId: item.strategyId,
    strategyName: item.strategyName,
    trigger: item.trigger,
    target: item.target,
    status: item.status,
    createdBy: item.createdBy ?? null,
    createdAt: item.createdAt,
    appliedAt: item.appliedAt ?? null,
    appliedBy: item.appliedBy ?? null,
    undoneAt: item.undoneAt ?? null,
    undoneBy: item.undoneBy ?? null,
    impersonatedBy: item.impersonatedBy ?? null,
    counts: item.counts as RunRecord['counts'],
    marketRequests: item.marketRequests,
    retried429: item.retried429,
    marketPending: item.marketPending ?? 0,
  };
}

function toChangeRecord(item: ChangeItem): ChangeRecord {
  return {
    ownerUserId: item.ownerUserId,
    itemId: item.itemId,
    runId: item.runId,
    strategyId: item.strategyId,
    strategyName: item.strategyName,
    trigger: item.trigger,
    changedBy: item.changedBy ?? null,
    impersonatedBy: item.impersonatedBy ?? null,
    before: item.before ?? null,
    after: item.after ?? null,
    currency: item.currency,
    decidedBy: item.decidedBy,
    input: (item.input ?? null) as PricingChange['input'],
    at: item.at,
    undoneAt: item.undoneAt ?? null,
  };
}

const chunkKey = (i: number) => String(i).padStart(4, '0');

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Access patterns and transactions: see the service's README. Items are the lists service's
 * rows (shared/src/stock/item-entity.ts), read and written only in the owner's partition.
 */
export function createRunsRepository(client: DocumentClient, table: string): RunsRepository {
  const service = new Service(
    {
      item: itemEntity,
      storefrontPrice: storefrontPriceEntity,
      change: changeEntity,
      run: runEntity,
      rows: runRowsEntity,
      idempotency: idempotencyEntity,
    },
    { client, table },
  );
  const {
    item: items,
    storefrontPrice: storefrontPrices,
    change: changes,
    run: runs,
    rows: runRows,
    idempotency,
  } = service.entities;

  const putRows = async (run: RunRecord, rows: StoredRow[]) => {
    const chunks: { ownerUserId: string; runId: string; chunk: string; rows: StoredRow[] }[] = [];
    for (let i = 0; i * ROWS_PER_CHUNK < rows.length || i === 0; i++)
      chunks.push({
        ownerUserId: run.ownerUserId,
        runId: run.id,
        chunk: chunkKey(i),
        rows: rows.slice(i * ROWS_PER_CHUNK, (i + 1) * ROWS_PER_CHUNK),
      });
    const { unprocessed } = await runRows.put(chunks).go({ concurrency: 4 });
    if (unprocessed.length) throw new Error(`${unprocessed.length} row chunks were not written`);
    return chunks.length;
  };
  const runItem = (run: RunRecord, chunks: number) => ({ ...toRow(run), chunks });

  /** A write's price change: the item's list price, or the online store's own price row. */
  const priceActions = (write: PriceWrite): TransactionItem[] => {
    const { field, price, expect } = write;
    if (write.target === 'storefront') {
      const key = { storeUserId: write.item.userId, itemId: write.item.id };
      const expected = expect.price;
      const rowChange =
        price === null
          ? storefrontPrices.delete(key)
          : storefrontPrices.put({ ...key, price, updatedAt: write.updatedAt });
      rowChange.where(({ updatedAt: at }, { eq, notExists }) =>
        expect.updatedAt === null ? notExists(at) : eq(at, expect.updatedAt),
      );
      if (expected !== undefined)
        rowChange.where(({ price: p }, { eq, notExists }) =>
          expected === null ? notExists(p) : eq(p, expected),
        );
      const actions = [rowChange.commit()];
      // Apply: the item itself unchanged since the preview (not sold, not repriced, not gone).
      if (expect.itemUpdatedAt !== undefined) {
        const itemUpdatedAt = expect.itemUpdatedAt;
        actions.push(
          items
            .check(write.item)
            .where(({ updatedAt }, { eq }) => eq(updatedAt, itemUpdatedAt))
            .commit(),
        );
      }
      return actions;
    }
    const patch = items.patch(write.item);
    if (price === null) patch.set({ updatedAt: write.updatedAt }).remove([field]);
    else if (field === 'askingPrice') patch.set({ askingPrice: price, updatedAt: write.updatedAt });
    else patch.set({ desiredPrice: price, updatedAt: write.updatedAt });
    const expectedAt = expect.updatedAt;
    patch.where(({ updatedAt }, { eq, notExists }) =>
      expectedAt === null ? notExists(updatedAt) : eq(updatedAt, expectedAt),
    );
    if (expect.price !== undefined) {
      const expected = expect.price;
      patch.where((attributes, { eq, notExists }) =>
        expected === null ? notExists(attributes[field]) : eq(attributes[field], expected),
      );
    }
    return [patch.commit()];
  };

  /** A write's transaction items: its price change(s), then its history row. */
  const actionsOf = (write: PriceWrite): TransactionItem[] => {
    const history =
      'create' in write.history
        ? changes.create(toRow(write.history.create)).commit()
        : changes
            .patch({
              ownerUserId: write.history.undo.ownerUserId,
              itemId: write.history.undo.itemId,
              runId: write.history.undo.runId,
            })
            .set({ undoneAt: write.history.undo.at })
            .commit();
    return [...priceActions(write), history];
  };

  return {
    async listItems(userId, listTypes, withStorefrontPrices) {
      const [prices, ...lists] = await Promise.all([
        withStorefrontPrices
          ? storefrontPrices.query.byStore({ storeUserId: userId }).go({ pages: 'all' })
          : Promise.resolve({ data: [] }),
        ...listTypes.map((listType) =>
          items.query.byOwner({ userId, listType }).go({ pages: 'all', attributes: ITEM_ATTRIBUTES }),
        ),
      ]);
      const storefront = new Map(prices.data.map((p) => [p.itemId, p]));
      return lists.flatMap(({ data }) =>
        data.flatMap((row): ItemSnapshot[] => {
          if (row.listType === 'wtb') return [];
          return [
            {
              id: row.id,
              listType: row.listType,
              status: row.status,
              name: row.name,
              sku: row.sku,
              brand: row.brand,
              sizes: row.sizes,
              imageUrl: row.imageUrl ?? null,
              currency: row.currency as Currency,
              price: (row.listType === 'inventory' ? row.askingPrice : row.desiredPrice) ?? null,
              cost: row.purchasePrice ?? null,
              productCatalogId: row.productCatalogId ?? null,
              productVariantId: row.productVariantId ?? null,
              isBulk: row.isBulk,
              updatedAt: row.updatedAt,
              storefrontPrice: storefront.get(row.id)?.price ?? null,
              storefrontUpdatedAt: storefront.get(row.id)?.updatedAt ?? null,
            },
          ];
        }),
      );
    },

    async createRun(run, rows) {
      const chunks = await putRows(run, rows);
      await runs.put(runItem(run, chunks)).go();
    },

    async getRun(ownerUserId, id) {
      const { data } = await runs.get({ ownerUserId, id }).go({ consistent: true });
      return data ? toRunRecord(data) : null;
    },

    listRuns: (ownerUserId, strategyId, page) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => {
          const query = runs.query.byOwner({ ownerUserId });
          if (strategyId !== undefined) query.where((a, { eq }) => eq(a.strategyId, strategyId));
          return query.go({ order: 'desc', ...go });
        },
        toRunRecord,
      ),

    async readRows(ownerUserId, runId) {
      const { data } = await runRows.query
        .byRun({ ownerUserId, runId })
        .go({ pages: 'all', consistent: true });
      return data.sort((a, b) => a.chunk.localeCompare(b.chunk)).flatMap((c) => c.rows as StoredRow[]);
    },

    async readChunk(ownerUserId, runId, chunk) {
      const { data } = await runRows
        .get({ ownerUserId, runId, chunk: chunkKey(chunk) })
        .go({ consistent: true });
      return data ? (data.rows as StoredRow[]) : null;
    },

    claimRun: (ownerUserId, id, status, at) =>
      conditional(
        () =>
          runs
            .patch({ ownerUserId, id })
            .set({ claimedAt: at })
            .where(
              ({ status: s, claimedAt }, { eq, notExists, lt }) =>
                `${eq(s, status)} AND (${notExists(claimedAt)} OR ${lt(
                  claimedAt,
                  new Date(Date.parse(at) - CLAIM_TIMEOUT_MS).toISOString(),
                )})`,
            )
            .go(),
        'stale',
      ),

    async saveRun(run, rows) {
      const chunks = await putRows(run, rows);
      await runs.put(runItem(run, chunks)).go();
    },

    async releaseRun(ownerUserId, id) {
      await conditional(() => runs.patch({ ownerUserId, id }).remove(['claimedAt']).go(), 'missing');
    },

    async writePrices(writes) {
      const failed: PriceWrite[] = [];
      // Up to 100 actions per transaction: 50 list prices (2 actions each), 33 storefront ones (3).
      const batches: PriceWrite[][] = [];
      let batch: PriceWrite[] = [];
      let actions = 0;
      for (const write of writes) {
        const size = actionsOf(write).length;
        if (batch.length >= PRICE_WRITES_PER_TRANSACTION || actions + size > MAX_TRANSACTION_ACTIONS) {
          batches.push(batch);
          batch = [];
          actions = 0;
        }
        batch.push(write);
        actions += size;
      }
      if (batch.length > 0) batches.push(batch);
      await inParallel(batches, WRITE_CONCURRENCY, async (first) => {
        // A failed condition cancels the whole transaction: set those items aside, retry the rest.
        let pending = first;
        while (pending.length > 0) {
          const current = pending;
          const owners: number[] = [];
          const outcome = await transactReporting(() =>
            service.transaction
              .write(() =>
                current.flatMap((write, i) => {
                  const own = actionsOf(write);
                  for (let n = 0; n < own.length; n++) owners.push(i);
                  return own;
                }),
              )
              .go(),
          );
          if (outcome === 'committed') return;
          const bad = new Set(outcome.map((position) => owners[position]));
          failed.push(...current.filter((_, i) => bad.has(i)));
          pending = current.filter((_, i) => !bad.has(i));
        }
      });
      return failed;
    },

    async existingItems(userId, keys) {
      const found = new Set<string>();
      for (let i = 0; i < keys.length; i += 100) {
        const { data } = await items
          .get(keys.slice(i, i + 100).map((k) => ({ userId, listType: k.listType, id: k.id })))
          .go({ attributes: ['id'] });
        for (const row of data) if (row) found.add(row.id);
      }
      return found;
    },

    async hasItem(userId, id) {
      const { data } = await items
        .get(LIST_TYPES.map((listType) => ({ userId, listType, id })))
        .go({ attributes: ['id'] });
      return data.some(Boolean);
    },

    listHistory: (ownerUserId, itemId, page) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => changes.query.byItem({ ownerUserId, itemId }).go({ order: 'desc', ...go }),
        toChangeRecord,
      ),

    async saveClaim(claim) {
      // A parallel twin with the same key saved first: its result stands.
      await conditional(() => idempotency.create(claim).go(), 'duplicate');
    },
  };
}
