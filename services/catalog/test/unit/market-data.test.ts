import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import type { Product, Variant } from '@sneakers/shared/contracts/catalog';
import type { Currency } from '@sneakers/shared/money';
import { CATALOG_MARKET_BUDGET_MAX_MS } from '@sneakers/shared/contracts/catalog-market';
import { readMarketData } from '../../src/market-data/domain';
import {
  centsOf,
  createPacer,
  fetchMarketDataMany,
  MARKET_DATA_CONCURRENCY,
} from '../../src/market-data/fetch-many';
import type { MarketDataDeps, StoredMarketData } from '../../src/market-data/ports';
import type { MarketDataMany, MarketDataOutcome } from '../../src/market-data/shapes';
import {
  createHttpMarketplaceClient,
  MarketplaceError,
  type MpMarketData,
} from '../../src/marketplace/client';
import { startFakeMarketplace, type FakeMarketplace } from '../support/fake-marketplace';

const NOW = '2026-11-28T12:00:00.000Z';
const HOUR = 3_600_000;

function product(id: string, marketplaceProductId: string | null): Product {
  return {
    id,
    sku: `SKU-${id}`,
    name: id,
    brand: 'Nike',
    productType: 'sneakers',
    imageUrl: null,
    releaseDate: null,
    retailPrice: null,
    currency: 'EUR',
    colorway: '',
    gender: 'men',
    marketplaceSlug: null,
    marketplaceProductId,
    createdAt: NOW,
    updatedAt: NOW,
  } as Product;
}

function variant(productId: string, id: string, eu: string, marketplaceVariantId: string | null): Variant {
  return {
    id,
    productId,
    label: `EU ${eu}`,
    retailPrice: null,
    size: { brand: 'nike', eu, usM: null, usW: null, uk: null, jpCm: null },
    marketplaceVariantId,
    updatedAt: NOW,
  } as Variant;
}

/** In-memory ports with the repository's semantics; the fetcher answers as scripted per marketplace id. */
function memory() {
  const clock = fixedClock(NOW);
  const rows = new Map<string, StoredMarketData>();
  const details = new Map<string, { product: Product; variants: Variant[] }>();
  const fetches: { productId: string; currency: Currency }[][] = [];
  const budgets: (number | undefined)[] = [];
  const outcomes = new Map<string, (currency: Currency) => MarketDataOutcome>();
  const key = (productId: string, currency: string) => `${productId}#${currency}`;
  const deps: MarketDataDeps = {
    clock,
    store: {
      getRows: async (keys) =>
        keys.flatMap((k) => {
          const row = rows.get(key(k.productId, k.currency));
          return row ? [structuredClone(row)] : [];
        }),
      putRows: async (list) => {
        for (const row of list) rows.set(key(row.productId, row.currency), structuredClone(row));
      },
      getDetails: async (ids) =>
        new Map(ids.flatMap((id) => (details.has(id) ? [[id, details.get(id)!]] : []))),
    },
    fetcher: {
      marketDataMany: async (products, budgetMs): Promise<MarketDataMany> => {
        fetches.push([...products]);
        budgets.push(budgetMs);
        return {
          results: products.map(
            (p) =>
              outcomes.get(p.productId)?.(p.currency) ?? {
                productId: p.productId,
                currency: p.currency,
                status: 'failed',
                message: 'down',
              },
          ),
          requests: products.length,
          retried429: 1,
        };
      },
    },
  };
  const addProduct = (id: string, marketplaceProductId: string | null) => {
    details.set(id, {
      product: product(id, marketplaceProductId),
      variants: [
        variant(id, `${id}-42`, '42', 'mv-42'),
        variant(id, `${id}-43`, '43', 'mv-43'),
        variant(id, `${id}-44`, '44', null),
      ],
    });
    if (marketplaceProductId)
      outcomes.set(marketplaceProductId, (currency) => ({
        productId: marketplaceProductId,
        currency,
        status: 'ok',
        variants: [
          {
            marketplaceVariantId: 'mv-42',
            lowestAsk: 21_000,
            highestBid: 18_000,
            sellFaster: 20_000,
            earnMore: 22_000,
          },
          {
            marketplaceVariantId: 'mv-43',
            lowestAsk: 19_050,
            highestBid: null,
            sellFaster: null,
            earnMore: null,
          },
        ],
      }));
  };
  return { deps, clock, rows, fetches, budgets, outcomes, addProduct };
}

describe('the catalogue’s market data (catalog-market)', () => {
  it('refreshes missing rows in one batched fetch, stores them in cents per catalogue variant, and answers them', async () => {
    const m = memory();
    m.addProduct('p1', 'mp1');
    m.addProduct('p2', 'mp2');
    const answer = await readMarketData(m.deps, {
      products: [
        { productId: 'p1', currency: 'EUR' },
        { productId: 'p2', currency: 'EUR' },
        { productId: 'p2', currency: 'USD' },
      ],
      maxAgeMs: HOUR,
    });
    expect(m.fetches).toHaveLength(1);
    expect(m.fetches[0]).toEqual([
      { productId: 'mp1', currency: 'EUR' },
      { productId: 'mp2', currency: 'EUR' },
      { productId: 'mp2', currency: 'USD' },
    ]);
    expect(answer).toMatchObject({ marketplaceRequests: 3, retried429: 1 });
    const p1 = answer.products.find((p) => p.productId === 'p1');
    expect(p1).toEqual({
      productId: 'p1',
      currency: 'EUR',
      status: 'refreshed',
      brand: 'Nike',
      gender: 'men',
      refreshedAt: NOW,
      variants: [
        expect.objectContaining({
          variantId: 'p1-42',
          label: 'EU 42',
          lowestAsk: 21_000,
          highestBid: 18_000,
        }),
        expect.objectContaining({ variantId: 'p1-43', lowestAsk: 19_050, highestBid: null }),
        // No marketplace variant id: the variant is there, without data.
        expect.objectContaining({ variantId: 'p1-44', lowestAsk: null, sellFaster: null }),
      ],
    });
    expect(m.rows.size).toBe(3);
  });

  it('answers rows younger than maxAge without a marketplace request, and refreshes older ones', async () => {
    const m = memory();
    m.addProduct('p1', 'mp1');
    m.addProduct('p2', 'mp2');
    const request = {
      products: [
        { productId: 'p1', currency: 'EUR' as const },
        { productId: 'p2', currency: 'EUR' as const },
      ],
      maxAgeMs: HOUR,
    };
    await readMarketData(m.deps, request);
    m.clock.advance(HOUR);
    const again = await readMarketData(m.deps, request);
    expect(m.fetches).toHaveLength(1);
    expect(again.marketplaceRequests).toBe(0);
    expect(again.products.map((p) => p.status)).toEqual(['fresh', 'fresh']);

    m.clock.advance(1);
    const older = await readMarketData(m.deps, { ...request, products: request.products.slice(0, 1) });
    expect(m.fetches).toHaveLength(2);
    expect(older.products[0]).toMatchObject({
      status: 'refreshed',
      refreshedAt: m.clock.now().toISOString(),
    });
  });

  it('keeps and answers the older row when a refresh fails, so its age shows', async () => {
    const m = memory();
    m.addProduct('p1', 'mp1');
    const request = { products: [{ productId: 'p1', currency: 'EUR' as const }], maxAgeMs: HOUR };
    await readMarketData(m.deps, request);
    m.outcomes.set('mp1', (currency) => ({ productId: 'mp1', currency, status: 'failed', message: 'down' }));
    m.clock.advance(2 * HOUR);
    const answer = await readMarketData(m.deps, request);
    expect(answer.products[0]).toMatchObject({ status: 'failed', refreshedAt: NOW });
    expect(answer.products[0]?.variants[0]?.lowestAsk).toBe(21_000);
    expect(m.rows.get('p1#EUR')?.refreshedAt).toBe(NOW);
  });

  it('has no data, without an error, for a product without a marketplace id, one not in the catalogue, or one the marketplace does not know', async () => {
    const m = memory();
    m.addProduct('local', null);
    m.addProduct('gone-upstream', 'mp-gone');
    m.outcomes.set('mp-gone', (currency) => ({ productId: 'mp-gone', currency, status: 'not_found' }));
    const answer = await readMarketData(m.deps, {
      products: [
        { productId: 'local', currency: 'EUR' },
        { productId: 'missing', currency: 'EUR' },
        { productId: 'gone-upstream', currency: 'EUR' },
      ],
      maxAgeMs: HOUR,
    });
    const byId = new Map(answer.products.map((p) => [p.productId, p]));
    expect(byId.get('local')).toMatchObject({ status: 'no_marketplace', refreshedAt: null, variants: [] });
    expect(byId.get('missing')).toMatchObject({ status: 'not_found', refreshedAt: null, variants: [] });
    expect(byId.get('gone-upstream')).toMatchObject({ status: 'not_found', variants: [] });
    expect(m.fetches).toEqual([[{ productId: 'mp-gone', currency: 'EUR' }]]);
    expect(m.rows.size).toBe(0);
  });
});

describe('the market data refresh within a time budget', () => {
  it('hands the fetcher what is left of budgetMs, capped so the function ends inside its 29 s', async () => {
    const m = memory();
    m.addProduct('p1', 'mp1');
    const getDetails = m.deps.store.getDetails;
    m.deps.store.getDetails = async (ids) => {
      m.clock.advance(300);
      return getDetails(ids);
    };
    const products = [{ productId: 'p1', currency: 'EUR' as const }];
    await readMarketData(m.deps, { products, maxAgeMs: HOUR, budgetMs: 1_000 });
    m.clock.advance(2 * HOUR);
    await readMarketData(m.deps, { products, maxAgeMs: HOUR });
    expect(m.budgets).toEqual([700, CATALOG_MARKET_BUDGET_MAX_MS - 300]);
  });

  it('starts no refresh once the budget is spent: the due products answer pending, from their older row when there is one', async () => {
    const m = memory();
    m.addProduct('p1', 'mp1');
    m.addProduct('p2', 'mp2');
    await readMarketData(m.deps, { products: [{ productId: 'p1', currency: 'EUR' }], maxAgeMs: HOUR });
    m.clock.advance(2 * HOUR);
    const getDetails = m.deps.store.getDetails;
    m.deps.store.getDetails = async (ids) => {
      m.clock.advance(50);
      return getDetails(ids);
    };
    const answer = await readMarketData(m.deps, {
      products: [
        { productId: 'p1', currency: 'EUR' },
        { productId: 'p2', currency: 'EUR' },
      ],
      maxAgeMs: HOUR,
      budgetMs: 1,
    });
    expect(m.fetches).toHaveLength(1);
    expect(answer.marketplaceRequests).toBe(0);
    const byId = new Map(answer.products.map((p) => [p.productId, p]));
    expect(byId.get('p1')).toMatchObject({ status: 'pending', refreshedAt: NOW });
    expect(byId.get('p1')?.variants[0]?.lowestAsk).toBe(21_000);
    expect(byId.get('p2')).toMatchObject({ status: 'pending', refreshedAt: null, variants: [] });
    expect(m.rows.get('p1#EUR')?.refreshedAt).toBe(NOW);
  });

  it('answers pending for the products the fetcher did not reach in time, and refreshes the others', async () => {
    const m = memory();
    m.addProduct('p1', 'mp1');
    m.addProduct('p2', 'mp2');
    m.outcomes.set('mp2', (currency) => ({ productId: 'mp2', currency, status: 'pending' }));
    const answer = await readMarketData(m.deps, {
      products: [
        { productId: 'p1', currency: 'EUR' },
        { productId: 'p2', currency: 'EUR' },
      ],
      maxAgeMs: HOUR,
      budgetMs: 5_000,
    });
    const byId = new Map(answer.products.map((p) => [p.productId, p]));
    expect(byId.get('p1')?.status).toBe('refreshed');
    expect(byId.get('p2')).toMatchObject({ status: 'pending', refreshedAt: null });
    expect([...m.rows.keys()]).toEqual(['p1#EUR']);
  });
});

describe('whole currency units to cents', () => {
  it('reads numbers and StockX’s strings, and nothing else', () => {
    expect([centsOf(210), centsOf('210'), centsOf('190.5'), centsOf(99.99)]).toEqual([
      21_000, 21_000, 19_050, 9_999,
    ]);
    expect([centsOf(null), centsOf(undefined), centsOf(''), centsOf('n/a'), centsOf(-5)]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('the pacer', () => {
  it('hands out slots evenly, at most perSecond a second', async () => {
    let now = 0;
    const slots: number[] = [];
    const pacer = createPacer({
      perSecond: 20,
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    });
    for (let i = 0; i < 41; i++) {
      await pacer.take();
      slots.push(now);
    }
    expect(slots.slice(0, 3)).toEqual([0, 50, 100]);
    expect(slots.filter((t) => t < 1000)).toHaveLength(20);
    expect(slots.at(-1)).toBe(2000);
  });
});

describe('reading many products’ market data in catalog-fetcher', () => {
  const data = (productId: string): MpMarketData[] => [
    {
      productId,
      variantId: 'mv-1',
      currencyCode: 'EUR',
      lowestAskAmount: '210',
      highestBidAmount: 180,
      sellFasterAmount: null,
      earnMoreAmount: 215.5,
      flexLowestAskAmount: null,
    },
  ];

  it('keeps at most MARKET_DATA_CONCURRENCY calls in flight and answers each product ok, not found or failed', async () => {
    let inFlight = 0;
    let most = 0;
    const api = {
      getMarketDataProduct: async (productId: string) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight--;
        if (productId === 'nope') throw new MarketplaceError('Product not found', 404);
        if (productId === 'down') throw new MarketplaceError('The marketplace API failed (HTTP 503).', 503);
        return data(productId);
      },
    };
    const products = [
      ...Array.from({ length: 20 }, (_, i) => ({ productId: `p${i}`, currency: 'EUR' as const })),
      { productId: 'nope', currency: 'EUR' as const },
      { productId: 'down', currency: 'EUR' as const },
    ];
    const answer = await fetchMarketDataMany(api, products, { take: async () => {} });
    expect(most).toBe(MARKET_DATA_CONCURRENCY);
    expect(answer.results[0]).toEqual({
      productId: 'p0',
      currency: 'EUR',
      status: 'ok',
      variants: [
        {
          marketplaceVariantId: 'mv-1',
          lowestAsk: 21_000,
          highestBid: 18_000,
          sellFaster: null,
          earnMore: 21_550,
        },
      ],
    });
    expect(answer.results.at(-2)).toEqual({ productId: 'nope', currency: 'EUR', status: 'not_found' });
    expect(answer.results.at(-1)).toMatchObject({ productId: 'down', status: 'failed' });
  });

  it('starts no call once budgetMs has passed: the products left answer pending', async () => {
    let now = 0;
    let started = 0;
    const api = {
      getMarketDataProduct: async (productId: string) => {
        started++;
        await Promise.resolve();
        now += 1_000;
        return data(productId);
      },
    };
    const products = Array.from({ length: 12 }, (_, i) => ({ productId: `p${i}`, currency: 'EUR' as const }));
    const answer = await fetchMarketDataMany(
      api,
      products,
      { take: async () => {} },
      { budgetMs: 2_500, now: () => now },
    );
    // The first MARKET_DATA_CONCURRENCY start at once; by their end the budget is spent.
    expect(started).toBe(MARKET_DATA_CONCURRENCY);
    expect(answer.requests).toBe(0);
    const statuses = answer.results.map((r) => r.status);
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(MARKET_DATA_CONCURRENCY);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(12 - MARKET_DATA_CONCURRENCY);
    expect(answer.results.at(-1)).toEqual({ productId: 'p11', currency: 'EUR', status: 'pending' });
  });

  describe('through the HTTP client', () => {
    let api: FakeMarketplace;
    beforeEach(async () => {
      api = await startFakeMarketplace();
    });
    afterEach(() => api.close());

    it('paces every request, retries included, and counts the requests and the 429s it waited out', async () => {
      const client = createHttpMarketplaceClient({ ...api.clientOptions(), sleep: async () => {} });
      api.script({ status: 429, headers: { 'retry-after': '1' } });
      api.fallback = (request) => ({ body: data(request.path.split('/')[4] ?? '') });
      let taken = 0;
      const answer = await fetchMarketDataMany(
        client,
        [
          { productId: 'a', currency: 'EUR' },
          { productId: 'b', currency: 'EUR' },
          { productId: 'c', currency: 'EUR' },
        ],
        {
          take: async () => {
            taken++;
          },
        },
      );
      expect(answer.results.every((r) => r.status === 'ok')).toBe(true);
      expect(api.calls()).toHaveLength(4);
      expect(answer).toMatchObject({ requests: 4, retried429: 1 });
      expect(taken).toBe(4);
      // The client's cache: the same product again makes no request.
      const cached = await fetchMarketDataMany(client, [{ productId: 'a', currency: 'EUR' }], {
        take: async () => {},
      });
      expect(cached).toMatchObject({ requests: 0, retried429: 0 });
    });

    it('does not count a last 429 as retried: the product failed', async () => {
      const client = createHttpMarketplaceClient({ ...api.clientOptions(), sleep: async () => {} });
      api.fallback = () => ({ status: 429, headers: { 'retry-after': '1' } });
      const answer = await fetchMarketDataMany(client, [{ productId: 'a', currency: 'EUR' }], {
        take: async () => {},
      });
      expect(answer).toMatchObject({ requests: 3, retried429: 2 });
      expect(answer.results[0]).toMatchObject({ status: 'failed' });
    });
  });
});
