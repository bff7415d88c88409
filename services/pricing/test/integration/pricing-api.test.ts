import { describe, expect, it } from 'vitest';
import { createItem, getPublicList, updateItem } from '@sneakers/shared/contracts/lists';
import {
  applyPricingRun,
  createPricingStrategy,
  deletePricingStrategy,
  getPricingRun,
  getPricingStrategy,
  listItemPriceHistory,
  listPricingRunRows,
  listPricingRuns,
  NEW_STRATEGY_CONFIG,
  previewPricingStrategy,
  undoPricingRun,
  updatePricingStrategy,
  type PricingConfig,
  type PricingStrategyInput,
} from '@sneakers/shared/contracts/pricing';
import { priceFor } from '@sneakers/shared/rules/pricing';
import { listStorefrontPrices, setStorefrontPrice } from '@sneakers/shared/contracts/storefront';
import { api, raw, rejection } from '../../../../tests/support/cloud-client';
import { catalogueSizes, fireAutoSchedule, key, makeDue, store, type CatalogueSize } from './support';

/** The strategy: beat the lowest ask by €5, floor cost + 10%, the marketplace's data only (a new strategy's). */
const BEAT_BY_FIVE: PricingConfig = NEW_STRATEGY_CONFIG;

const strategyBody = (overrides: Partial<PricingStrategyInput> = {}): PricingStrategyInput => ({
  name: 'Beat the lowest ask by €5',
  selection: { listTypes: ['wts'], brands: [], itemIds: [] },
  config: BEAT_BY_FIVE,
  target: 'list',
  schedule: 'off',
  ...overrides,
});

/** One public WTS item per size: asking above the market, a cost that puts every fourth one on its floor. */
async function listSizes(client: ReturnType<typeof api>, sizes: CatalogueSize[]) {
  return Promise.all(
    sizes.map(async (size, i) => {
      const cost = i % 4 === 0 ? size.market.lowestAsk : Math.round(size.market.lowestAsk * 0.6);
      const { item } = await client.call(createItem, {
        body: {
          listType: 'wts',
          sku: size.sku,
          name: size.name,
          brand: size.brand,
          sizes: [size.eu],
          visibility: 'public',
          desiredPrice: size.market.lowestAsk + 2_000 + i * 100,
          purchasePrice: cost,
          productCatalogId: size.productId,
          productVariantId: size.variantId,
        },
      });
      return { item, size, cost };
    }),
  );
}

async function publicPrices(client: ReturnType<typeof api>, userId: string) {
  const { items } = await client.call(getPublicList, {
    params: { userId, listType: 'wts' },
    query: { limit: 100 },
  });
  return new Map(items.map((i) => [i.id, i.desiredPrice]));
}

describe('pricing strategies through the local gateway, against the marketplace emulator', () => {
  it('previews 20 WTS items right, applies them to the shared list but not an item edited meanwhile, and undoes', async () => {
    const a = await store();
    const listed = await listSizes(a.client, await catalogueSizes(a.client, 60, 20));
    const { strategy } = await a.client.call(createPricingStrategy, {
      body: strategyBody(),
      idempotencyKey: key(),
    });

    const { run } = await a.client.call(previewPricingStrategy, { params: { strategyId: strategy.id } });
    expect(run).toMatchObject({ status: 'previewed', trigger: 'manual', strategyId: strategy.id });
    expect(run.counts.items).toBe(20);
    const { rows, cursor } = await a.client.call(listPricingRunRows, {
      params: { runId: run.id },
      query: { limit: 200 },
    });
    expect(cursor).toBeNull();
    const byItem = new Map(rows.map((r) => [r.itemId, r]));
    const expected = new Map(
      listed.map(({ item, size, cost }) => {
        const row = byItem.get(item.id);
        expect(row?.marketRefreshedAt, `${size.sku} has market data`).not.toBeNull();
        const outcome = priceFor(BEAT_BY_FIVE, {
          currentPrice: item.desiredPrice,
          cost,
          market: { ...size.market, refreshedAt: row?.marketRefreshedAt ?? '' },
          network: null,
          now: run.createdAt,
        });
        expect(row, size.sku).toMatchObject({
          currentPrice: item.desiredPrice,
          newPrice: outcome.price,
          decidedBy: outcome.decidedBy,
          input: outcome.input,
          marginAfterFees: outcome.marginAfterFees,
          warnings: outcome.warnings,
          changed: true,
          state: 'pending',
        });
        return [item.id, outcome.price];
      }),
    );
    // Every fourth item costs its lowest ask: cost + 10% is above the ask − €5, so the floor decides.
    expect(listed.filter((_, i) => i % 4 === 0).map(({ item }) => byItem.get(item.id)?.warnings)).toEqual(
      Array.from({ length: 5 }, () => ['hit_floor']),
    );
    expect(run.counts).toMatchObject({ changes: 20, warnings: 5 });

    // Edited between the preview and the apply: reported skipped, never overwritten.
    const edited = listed[1]!.item;
    await a.client.call(updateItem, { params: { itemId: edited.id }, body: { desiredPrice: 33_300 } });
    const applied = await a.client.call(applyPricingRun, {
      params: { runId: run.id },
      body: { all: true, except: [] },
      idempotencyKey: key(),
    });
    expect(applied.skipped).toEqual([{ itemId: edited.id, reason: 'changed_since_preview' }]);
    expect(applied.run).toMatchObject({ status: 'applied', counts: { applied: 19, skipped: 1 } });
    const after = await publicPrices(api(), a.userId);
    for (const { item } of listed)
      expect(after.get(item.id)).toBe(item.id === edited.id ? 33_300 : expected.get(item.id));

    const [change] = (
      await a.client.call(listItemPriceHistory, { params: { itemId: listed[0]!.item.id }, query: {} })
    ).changes;
    expect(change).toMatchObject({
      runId: run.id,
      strategyName: 'Beat the lowest ask by €5',
      trigger: 'manual',
      before: listed[0]!.item.desiredPrice,
      after: expected.get(listed[0]!.item.id),
      decidedBy: 'floor',
      undoneAt: null,
    });

    const undone = await a.client.call(undoPricingRun, { params: { runId: run.id }, idempotencyKey: key() });
    expect(undone.run).toMatchObject({ status: 'undone', counts: { undone: 19 } });
    expect(undone.skipped).toEqual([]);
    const restored = await publicPrices(api(), a.userId);
    for (const { item } of listed)
      expect(restored.get(item.id)).toBe(item.id === edited.id ? 33_300 : item.desiredPrice);
    const [reverted] = (
      await a.client.call(listItemPriceHistory, { params: { itemId: listed[0]!.item.id }, query: {} })
    ).changes;
    expect(reverted?.undoneAt).toBe(undone.run.undoneAt);
  });

  it('auto mode: the schedule runs a due strategy, changes prices within its limits and records the run', async () => {
    const a = await store('Auto Store');
    const listed = await listSizes(a.client, await catalogueSizes(a.client, 90, 3));
    const config: PricingConfig = {
      ...BEAT_BY_FIVE,
      guards: { ...BEAT_BY_FIVE.guards, floor: null, maxChange: { mode: 'percent', bps: 300 } },
    };
    const { strategy } = await a.client.call(createPricingStrategy, {
      body: strategyBody({ name: 'Hourly, 3% at most', config, schedule: 'hourly' }),
      idempotencyKey: key(),
    });
    await makeDue(a.userId, strategy.id);
    const firedAt = Date.now();
    await fireAutoSchedule();

    const { runs } = await a.client.call(listPricingRuns, { query: { strategyId: strategy.id } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      trigger: 'auto',
      status: 'applied',
      createdBy: null,
      counts: { applied: 3 },
    });
    const prices = await publicPrices(api(), a.userId);
    for (const { item } of listed) {
      const before = item.desiredPrice ?? 0;
      // The rule wants the ask − €5, far below: 3% down is as far as one run goes.
      expect(prices.get(item.id)).toBe(before - Math.round((before * 300) / 10_000));
      const { changes } = await a.client.call(listItemPriceHistory, {
        params: { itemId: item.id },
        query: {},
      });
      expect(changes[0]).toMatchObject({ trigger: 'auto', changedBy: null, decidedBy: 'max_change', before });
    }
    const { strategy: after } = await a.client.call(getPricingStrategy, {
      params: { strategyId: strategy.id },
    });
    expect(Date.parse(after.nextRunAt ?? '')).toBeGreaterThanOrEqual(firedAt + 60 * 60 * 1000 - 5_000);
    expect(after.lastRunAt).not.toBeNull();
  });

  it("sets the online store's own prices for target storefront, leaving list prices, and undoes them", async () => {
    const a = await store('Storefront Store');
    const sizes = await catalogueSizes(a.client, 100, 2);
    const items = await Promise.all(
      sizes.map(async (size) => {
        const { item } = await a.client.call(createItem, {
          body: {
            listType: 'inventory',
            sku: size.sku,
            name: size.name,
            brand: size.brand,
            sizes: [size.eu],
            askingPrice: size.market.lowestAsk + 3_000,
            purchasePrice: Math.round(size.market.lowestAsk * 0.5),
            productCatalogId: size.productId,
            productVariantId: size.variantId,
          },
        });
        return item;
      }),
    );
    // The first already has an online price of its own: the strategy starts from it.
    await a.client.call(setStorefrontPrice, {
      params: { itemId: items[0]!.id },
      body: { price: sizes[0]!.market.lowestAsk + 1_000 },
    });
    const { strategy } = await a.client.call(createPricingStrategy, {
      body: strategyBody({
        target: 'storefront',
        selection: { listTypes: ['inventory'], brands: [], itemIds: [] },
      }),
      idempotencyKey: key(),
    });
    const { run } = await a.client.call(previewPricingStrategy, { params: { strategyId: strategy.id } });
    const { rows } = await a.client.call(listPricingRunRows, { params: { runId: run.id }, query: {} });
    expect(rows.find((r) => r.itemId === items[0]!.id)?.currentPrice).toBe(
      sizes[0]!.market.lowestAsk + 1_000,
    );
    await a.client.call(applyPricingRun, {
      params: { runId: run.id },
      body: { all: true, except: [] },
      idempotencyKey: key(),
    });
    const prices = async () =>
      new Map((await a.client.call(listStorefrontPrices, { query: {} })).items.map((i) => [i.itemId, i]));
    const applied = await prices();
    items.forEach((item, i) => {
      expect(applied.get(item.id)).toMatchObject({
        listPrice: item.askingPrice,
        storefrontPrice: sizes[i]!.market.lowestAsk - 500,
      });
    });
    await a.client.call(undoPricingRun, { params: { runId: run.id }, idempotencyKey: key() });
    const undone = await prices();
    expect(undone.get(items[0]!.id)?.storefrontPrice).toBe(sizes[0]!.market.lowestAsk + 1_000);
    expect(undone.get(items[1]!.id)?.storefrontPrice).toBeNull();
  });

  it('keeps every strategy, run and item history to its owner: another user gets 404 and touches nothing', async () => {
    const a = await store('Tenant A');
    const b = await store('Tenant B');
    const [first] = await listSizes(a.client, await catalogueSizes(a.client, 95, 1));
    const item = first!.item;
    const { strategy } = await a.client.call(createPricingStrategy, {
      body: strategyBody(),
      idempotencyKey: key(),
    });
    const { run } = await a.client.call(previewPricingStrategy, { params: { strategyId: strategy.id } });
    const notFound = async (call: Promise<unknown>) => expect((await rejection(call)).status).toBe(404);
    await notFound(b.client.call(getPricingStrategy, { params: { strategyId: strategy.id } }));
    await notFound(
      b.client.call(updatePricingStrategy, {
        params: { strategyId: strategy.id },
        body: { ...strategyBody(), version: 1 },
      }),
    );
    await notFound(b.client.call(deletePricingStrategy, { params: { strategyId: strategy.id } }));
    await notFound(b.client.call(previewPricingStrategy, { params: { strategyId: strategy.id } }));
    await notFound(b.client.call(getPricingRun, { params: { runId: run.id } }));
    await notFound(b.client.call(listPricingRunRows, { params: { runId: run.id }, query: {} }));
    await notFound(
      b.client.call(applyPricingRun, {
        params: { runId: run.id },
        body: { all: true, except: [] },
        idempotencyKey: key(),
      }),
    );
    await notFound(b.client.call(undoPricingRun, { params: { runId: run.id }, idempotencyKey: key() }));
    await notFound(b.client.call(listItemPriceHistory, { params: { itemId: item.id }, query: {} }));
    expect((await b.client.call(listPricingRuns, { query: {} })).runs).toEqual([]);

    // B's own strategy naming A's item finds nothing of B's to price.
    const { strategy: theirs } = await b.client.call(createPricingStrategy, {
      body: strategyBody({ selection: { listTypes: ['wts'], brands: [], itemIds: [item.id] } }),
      idempotencyKey: key(),
    });
    const refused = await rejection(
      b.client.call(previewPricingStrategy, { params: { strategyId: theirs.id } }),
    );
    expect([refused.status, refused.code]).toEqual([422, 'NO_ITEMS']);
    expect((await publicPrices(api(), a.userId)).get(item.id)).toBe(item.desiredPrice);
    expect((await a.client.call(getPricingRun, { params: { runId: run.id } })).run.status).toBe('previewed');
  });

  it('replays a create with the same Idempotency-Key, refuses a stale version and answers 401 without a token', async () => {
    const { token, client } = await store('Edits');
    const idempotencyKey = key();
    const post = () =>
      raw('/api/pricing/strategies', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify(strategyBody()),
      });
    const created = await post();
    expect(created.status).toBe(201);
    const replay = await post();
    expect(replay.status).toBe(200);
    const { strategy } = (await created.json()) as { strategy: { id: string } };
    expect(await replay.json()).toEqual({ strategy: expect.objectContaining({ id: strategy.id }) });
    await client.call(updatePricingStrategy, {
      params: { strategyId: strategy.id },
      body: { ...strategyBody({ name: 'Renamed' }), version: 1 },
    });
    const stale = await rejection(
      client.call(updatePricingStrategy, {
        params: { strategyId: strategy.id },
        body: { ...strategyBody(), version: 1 },
      }),
    );
    expect([stale.status, stale.code]).toEqual([409, 'VERSION_CONFLICT']);
    expect((await raw('/api/pricing/strategies')).status).toBe(401);
  });
});
