import { describe, expect, it } from 'vitest';
import {
  CATALOG_MARKET_MAX_PRODUCTS,
  type CatalogMarketAnswer,
  type CatalogMarketRequest,
  type CatalogMarketVariant,
  type CatalogProductMarket,
} from '@sneakers/shared/contracts/catalog-market';
import { dealIndexPartition } from '@sneakers/shared/rules/deals';
import {
  createMarketInputsSource,
  marketOf,
  networkOf,
  networkPartitions,
  productsToLoad,
} from '../../src/market/domain';
import { createCatalogMarketReader } from '../../src/market/repository';
import type { MarketItem, NetworkRow } from '../../src/market/ports';

const REFRESHED = '2026-11-28T10:00:00.000Z';

function variant(
  id: string,
  eu: string,
  lowestAsk: number | null,
  extra: Partial<CatalogMarketVariant> = {},
) {
  return {
    variantId: id,
    label: `EU ${eu}`,
    size: { brand: 'nike', eu, usM: null, usW: null, uk: null, jpCm: null },
    lowestAsk,
    highestBid: lowestAsk === null ? null : lowestAsk - 2000,
    sellFaster: lowestAsk === null ? null : lowestAsk - 1000,
    earnMore: lowestAsk === null ? null : lowestAsk + 1000,
    ...extra,
  } satisfies CatalogMarketVariant;
}

function product(overrides: Partial<CatalogProductMarket> = {}): CatalogProductMarket {
  return {
    productId: 'p1',
    currency: 'EUR',
    status: 'fresh',
    brand: 'Nike',
    gender: 'men',
    refreshedAt: REFRESHED,
    variants: [
      variant('v42', '42', 21_000),
      variant('v425', '42.5', 22_000),
      variant('v43', '43', 19_000),
      variant('v44', '44', 25_000),
    ],
    ...overrides,
  };
}

function item(overrides: Partial<MarketItem> = {}): MarketItem {
  return {
    itemId: 'i1',
    productCatalogId: 'p1',
    productVariantId: null,
    sku: 'DD1391-100',
    brand: 'Nike',
    sizes: ['US M 9'],
    isBulk: false,
    currency: 'EUR',
    ...overrides,
  };
}

describe('an item’s market data from its product’s variants', () => {
  it('takes the item’s own variant when it names one', () => {
    const market = marketOf(item({ productVariantId: 'v44', sizes: ['US M 9'] }), product());
    expect(market).toEqual({
      lowestAsk: 25_000,
      highestBid: 23_000,
      sellFaster: 24_000,
      earnMore: 26_000,
      refreshedAt: REFRESHED,
    });
  });

  it('finds the variant of the item’s size across systems: Nike US M 9 is EU 42.5', () => {
    expect(marketOf(item({ sizes: ['US M 9'] }), product())?.lowestAsk).toBe(22_000);
    expect(marketOf(item({ sizes: ['UK 8'] }), product())?.lowestAsk).toBe(22_000);
    expect(marketOf(item({ sizes: ['42.5'] }), product())?.lowestAsk).toBe(22_000);
    // A variant known by its US size only is found from an EU item.
    const usOnly = product({
      variants: [
        {
          ...variant('vus9', '42.5', 18_000),
          label: 'US 9',
          size: { brand: 'nike', eu: null, usM: '9', usW: null, uk: null, jpCm: null },
        },
      ],
    });
    expect(marketOf(item({ sizes: ['EU 42.5'] }), usOnly)?.lowestAsk).toBe(18_000);
  });

  it('gives a several-size item the market of its size with the lowest ask', () => {
    // US M 8.5 = EU 42, US M 9.5 = EU 43: 43 is the cheaper of the item's sizes; 44 is not the item's.
    expect(marketOf(item({ sizes: ['US M 8.5', 'US M 9.5'] }), product())?.lowestAsk).toBe(19_000);
    expect(marketOf(item({ sizes: ['EU 42.5', 'EU 44'] }), product())?.lowestAsk).toBe(22_000);
  });

  it('gives a BULK or sizeless item the product’s lowest ask across variants', () => {
    expect(marketOf(item({ isBulk: true, sizes: [] }), product())?.lowestAsk).toBe(19_000);
    expect(marketOf(item({ sizes: ['BULK'] }), product())?.lowestAsk).toBe(19_000);
    expect(marketOf(item({ sizes: [] }), product())?.lowestAsk).toBe(19_000);
  });

  it('skips a variant without an ask when another of the item’s sizes has one', () => {
    const p = product({ variants: [variant('v42', '42', null), variant('v43', '43', 30_000)] });
    expect(marketOf(item({ sizes: ['EU 42', 'EU 43'] }), p)?.lowestAsk).toBe(30_000);
    expect(marketOf(item({ sizes: ['EU 42'] }), p)).toMatchObject({ lowestAsk: null, highestBid: null });
  });

  it('has no market data for a size the product lacks, another currency, or a product never read', () => {
    expect(marketOf(item({ sizes: ['EU 47'] }), product())).toBeNull();
    expect(marketOf(item({ currency: 'USD' }), product())).toBeNull();
    expect(
      marketOf(item(), product({ refreshedAt: null, variants: [], status: 'no_marketplace' })),
    ).toBeNull();
    expect(marketOf(item(), undefined)).toBeNull();
  });
});

describe('the network’s best bid and ask', () => {
  const live = (side: 'want' | 'have', key = 'sku:DD1391100') => dealIndexPartition(false, side, key);
  const row = (overrides: Partial<NetworkRow>): NetworkRow => ({
    sizeKey: 'eu:42.5',
    itemId: 'x',
    ownerId: 'other',
    price: 20_000,
    currency: 'EUR',
    ...overrides,
  });

  it('is the lowest ask among other users’ HAVE rows and the highest bid among their WANT rows, same size', () => {
    const rows = new Map([
      [
        live('have'),
        [
          row({ price: 21_000 }),
          row({ price: 20_500, ownerId: 'other-2' }),
          row({ price: 15_000, sizeKey: 'eu:44' }),
          row({ price: 10_000, ownerId: 'me' }),
          row({ price: 9_000, currency: 'USD' }),
          row({ price: null }),
        ],
      ],
      [
        live('want'),
        [
          row({ price: 17_000 }),
          row({ price: 18_000, sizeKey: 'BULK' }),
          row({ price: 30_000, ownerId: 'me' }),
        ],
      ],
    ]);
    expect(networkOf(item({ sizes: ['US M 9'] }), rows, 'me', false)).toEqual({
      bestAsk: 20_500,
      bestBid: 18_000,
    });
  });

  it('matches any size for a BULK item', () => {
    const rows = new Map([
      [live('have'), [row({ price: 15_000, sizeKey: 'eu:44' }), row({ price: 14_000, sizeKey: 'eu:40' })]],
    ]);
    expect(networkOf(item({ isBulk: true, sizes: [] }), rows, 'me', false)).toEqual({
      bestAsk: 14_000,
      bestBid: null,
    });
    expect(networkOf(item({ sizes: ['EU 42.5'] }), rows, 'me', false)).toBeNull();
  });

  it('reads the style code’s partitions (every item is indexed under its code), the catalogue product’s when the code names none', () => {
    const rows = new Map([
      [live('have', 'cat:p1'), [row({ price: 15_000 })]],
      [live('have'), [row({ price: 16_000 })]],
    ]);
    expect(networkOf(item(), rows, 'me', false)?.bestAsk).toBe(16_000);
    expect(networkOf(item({ sku: '--' }), rows, 'me', false)?.bestAsk).toBe(15_000);
    expect(
      networkPartitions(
        [item(), item({ sku: '--' }), item({ sku: '-', productCatalogId: null })],
        false,
        'asks',
      ),
    ).toEqual([
      { pk: live('have'), side: 'have' },
      { pk: live('have', 'cat:p1'), side: 'have' },
    ]);
    expect(networkPartitions([item()], false, 'none')).toEqual([]);
  });

  it('reads the demo network only for a demo user, and the live one only for the others', () => {
    const demoRows = new Map([[dealIndexPartition(true, 'have', 'sku:DD1391100'), [row({ price: 12_000 })]]]);
    expect(networkOf(item(), demoRows, 'demo-store', true)).toEqual({ bestAsk: 12_000, bestBid: null });
    expect(networkOf(item(), demoRows, 'me', false)).toBeNull();
    expect(networkPartitions([item()], true).every((p) => p.pk.startsWith('DEALIDX#demo#'))).toBe(true);
    expect(
      networkPartitions([item()], false)
        .map((p) => p.pk)
        .sort(),
    ).toEqual([live('have'), live('want')].sort());
  });
});

describe('the market inputs source', () => {
  it('asks the catalogue once per product and currency, in chunks, and the index once per partition', async () => {
    const requests: CatalogMarketRequest[] = [];
    const partitionsRead: string[] = [];
    const items = Array.from({ length: CATALOG_MARKET_MAX_PRODUCTS + 10 }, (_, i) =>
      item({
        itemId: `i${i}`,
        productCatalogId: `p${i % (CATALOG_MARKET_MAX_PRODUCTS + 5)}`,
        sku: 'DD1391-100',
      }),
    );
    items.push(item({ itemId: 'usd', productCatalogId: 'p1', currency: 'USD' }));
    items.push(item({ itemId: 'nocat', productCatalogId: null }));
    const source = createMarketInputsSource({
      catalog: {
        read: async (request): Promise<CatalogMarketAnswer> => {
          requests.push(request);
          return {
            products: request.products.map((p) => product({ productId: p.productId, currency: p.currency })),
            marketplaceRequests: 3,
            retried429: 1,
          };
        },
      },
      index: {
        readPartition: async (pk) => {
          partitionsRead.push(pk);
          return pk === live('have', 'sku:DD1391100') ? [row({ price: 11_000, ownerId: 'other' })] : [];
        },
      },
    });
    const load = await source.load({ userId: 'me', demo: false, items, maxAgeMs: 60_000 });
    expect(requests).toHaveLength(2);
    expect(requests.every((r) => r.maxAgeMs === 60_000)).toBe(true);
    expect(requests.flatMap((r) => r.products)).toHaveLength(CATALOG_MARKET_MAX_PRODUCTS + 6);
    expect(new Set(partitionsRead).size).toBe(partitionsRead.length);
    expect(load).toMatchObject({ marketplaceRequests: 6, retried429: 2 });
    expect(load.inputs.size).toBe(items.length);
    expect(load.inputs.get('i0')).toEqual({
      market: expect.objectContaining({ lowestAsk: 22_000 }),
      network: { bestAsk: 11_000, bestBid: null },
    });
    expect(load.inputs.get('usd')?.market?.lowestAsk).toBe(22_000);
    expect(load.inputs.get('nocat')).toEqual({ market: null, network: { bestAsk: 11_000, bestBid: null } });
    expect(productsToLoad(items)).toHaveLength(CATALOG_MARKET_MAX_PRODUCTS + 6);
  });

  it('gives each chunk what is left of one budget and counts the products the catalogue could not refresh in time', async () => {
    let now = 1_000;
    const budgets: (number | undefined)[] = [];
    const items = Array.from({ length: CATALOG_MARKET_MAX_PRODUCTS + 2 }, (_, i) =>
      item({ itemId: `i${i}`, productCatalogId: `p${i}` }),
    );
    const source = createMarketInputsSource({
      now: () => now,
      catalog: {
        read: async (request): Promise<CatalogMarketAnswer> => {
          budgets.push(request.budgetMs);
          now += 9_000;
          // The first chunk's last product and the whole second chunk were not reached in time.
          return {
            products: request.products.map((p, i) =>
              product({
                productId: p.productId,
                status: budgets.length === 1 && i < request.products.length - 1 ? 'refreshed' : 'pending',
                ...(p.productId === 'p201' ? { refreshedAt: null, variants: [] } : {}),
              }),
            ),
            marketplaceRequests: 0,
            retried429: 0,
          };
        },
      },
      index: { readPartition: async () => [] },
    });
    const load = await source.load({ userId: 'me', demo: false, items, maxAgeMs: 60_000, budgetMs: 15_000 });
    expect(budgets).toEqual([15_000, 6_000]);
    expect(load.marketPending).toBe(3);
    expect(load.inputs.get('i0')?.pending).toBeUndefined();
    expect(load.inputs.get('i199')).toMatchObject({ pending: true, market: expect.objectContaining({}) });
    expect(load.inputs.get('i201')).toMatchObject({ pending: true, market: null });

    // Past the budget: the chunk is still asked (its stored rows answer), with nothing left to refresh.
    now += 60_000;
    budgets.length = 0;
    await source.load({ userId: 'me', demo: false, items: items.slice(0, 1), maxAgeMs: 60_000, budgetMs: 0 });
    expect(budgets).toEqual([0]);
  });

  it('reads only the index sides the strategy needs', async () => {
    const read: string[] = [];
    const source = createMarketInputsSource({
      catalog: { read: async () => ({ products: [], marketplaceRequests: 0, retried429: 0 }) },
      index: {
        readPartition: async (pk) => {
          read.push(pk);
          return [];
        },
      },
    });
    const args = { userId: 'me', demo: false, items: [item()], maxAgeMs: 0 };
    await source.load({ ...args, network: 'asks' });
    expect(read).toEqual([live('have')]);
    await source.load({ ...args, network: 'none' });
    expect(read).toHaveLength(1);
    const loaded = await source.load(args);
    expect(read).toHaveLength(3);
    expect(loaded.inputs.get('i1')).toEqual({ market: null, network: null });
  });

  function live(side: 'want' | 'have', key = 'sku:DD1391100') {
    return dealIndexPartition(false, side, key);
  }
  function row(overrides: Partial<NetworkRow>): NetworkRow {
    return {
      sizeKey: 'eu:42.5',
      itemId: 'x',
      ownerId: 'other',
      price: 20_000,
      currency: 'EUR',
      ...overrides,
    };
  }
});

describe('the catalogue reader', () => {
  it('refuses an answer that does not fit the contract instead of reading it as no data', async () => {
    const reader = createCatalogMarketReader(async () => ({ products: 'none' }));
    await expect(reader.read({ products: [], maxAgeMs: 0 })).rejects.toThrow(
      'catalog-market answer is not valid',
    );
    const ok = createCatalogMarketReader(async () => ({
      products: [product()],
      marketplaceRequests: 1,
      retried429: 0,
    }));
    await expect(ok.read({ products: [], maxAgeMs: 0 })).resolves.toMatchObject({ marketplaceRequests: 1 });
  });
});
