import { describe, expect, it } from 'vitest';
import { DEMO } from '@sneakers/shared/demo';
import {
  applyProjectionRecords,
  cardOf,
  diffProducts,
  getStorefront,
  getStorefrontProduct,
  matches,
  pageOf,
  productsOf,
  publicProductOf,
  sortRows,
  storeOfChange,
} from '../../src/catalog/domain';
import type {
  ProjectedProduct,
  ProjectionRepository,
  PublicDeps,
  SourceItem,
  StoreSources,
} from '../../src/catalog/ports';

const NOW = new Date('2026-11-01T10:00:00.000Z');
const STORE = 'store-1';

function item(over: Partial<SourceItem> = {}): SourceItem {
  return {
    id: 'item-1',
    listType: 'inventory',
    status: 'available',
    isBulk: false,
    productCatalogId: null,
    productVariantId: null,
    sku: 'DD1391-100',
    name: 'Dunk Low Panda',
    brand: 'Nike',
    colorway: 'White/Black',
    imageUrl: 'https://img.example/panda.jpg',
    sizes: ['US 9', 'US 10'],
    desiredPrice: null,
    askingPrice: 12000,
    purchasePrice: 8000,
    currency: 'EUR',
    createdAt: '2026-10-01T00:00:00.000Z',
    ...over,
  };
}

function sources(over: Partial<StoreSources> = {}): StoreSources {
  return {
    storeUserId: STORE,
    setup: { enabled: true, lists: ['inventory'], virtualProductIds: [] },
    items: [item()],
    virtualProducts: [],
    prices: new Map(),
    ...over,
  };
}

describe('the storefront projection', () => {
  it('groups a store’s unsold, priced items of the chosen lists per product, cheapest size first', () => {
    const rows = productsOf(
      sources({
        setup: { enabled: true, lists: ['inventory', 'wts'], virtualProductIds: [] },
        items: [
          item(),
          item({ id: 'item-2', listType: 'wts', sku: 'dd1391 100', sizes: ['US 9'], desiredPrice: 11000 }),
          item({ id: 'item-3', status: 'sold' }),
          item({ id: 'item-4', sku: 'X-1', askingPrice: null }),
          item({ id: 'item-5', listType: 'wtb', sku: 'WTB-1' }),
        ],
      }),
      NOW,
    );
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.productId).toBe('s-DD1391100');
    expect(row!.price).toBe(11000);
    expect(row!.offers.map((o) => [o.label, o.itemId, o.price])).toEqual([
      ['US 9', 'item-2', 11000],
      ['US 9', 'item-1', 12000],
      ['US 10', 'item-1', 12000],
    ]);
    expect(row!.sizeKeys).toEqual(expect.arrayContaining(['usM:9', 'eu:42.5', 'label:US 9']));
    expect(row!.searchText).toContain('dd1391100');
  });

  it('uses the storefront price over the list price, and shows nothing when the storefront is off', () => {
    const priced = productsOf(sources({ prices: new Map([['item-1', 9900]]) }), NOW);
    expect(priced[0]!.price).toBe(9900);
    expect(
      productsOf(sources({ setup: { enabled: false, lists: ['inventory'], virtualProductIds: [] } }), NOW),
    ).toEqual([]);
    expect(productsOf(sources({ setup: null }), NOW)).toEqual([]);
  });

  it('shows only the chosen, active virtual products', () => {
    const vp = {
      id: 'vp-1',
      productCatalogId: null,
      productVariantId: null,
      sku: 'VP-1',
      name: 'Made to order',
      brand: 'Nike',
      colorway: '',
      imageUrl: null,
      price: 5000,
      currency: 'EUR' as const,
      sizes: ['EU 42'],
      active: true,
      createdAt: '2026-10-02T00:00:00.000Z',
    };
    const base = {
      items: [],
      virtualProducts: [vp, { ...vp, id: 'vp-2' }, { ...vp, id: 'vp-3', active: false }],
    };
    const rows = productsOf(
      sources({ ...base, setup: { enabled: true, lists: [], virtualProductIds: ['vp-1', 'vp-3'] } }),
      NOW,
    );
    expect(rows.map((r) => [r.productId, r.virtual])).toEqual([['v-vp-1', true]]);
    expect(rows[0]!.offers[0]).toMatchObject({ virtualProductId: 'vp-1', itemId: null });
  });

  it('announces each size a product gains, once, and deletes rows no longer sold', () => {
    const before = productsOf(sources({ items: [item({ sizes: ['US 9'] })] }), NOW);
    const after = productsOf(sources({ items: [item({ sizes: ['US 9', 'US 10'] })] }), NOW);
    expect(diffProducts(before, after).backInStock).toEqual([{ productId: 's-DD1391100', size: 'US 10' }]);
    // The same rows again (a redelivered change): nothing to write, nothing announced.
    expect(
      diffProducts(after, productsOf(sources({ items: [item({ sizes: ['US 10', 'US 9'] })] }), NOW)),
    ).toEqual({
      put: [],
      remove: [],
      backInStock: [],
    });
    expect(diffProducts(after, [])).toEqual({ put: [], remove: ['s-DD1391100'], backInStock: [] });
    // A size sold out then restocked comes back.
    expect(diffProducts([], after).backInStock).toHaveLength(2);
  });

  it('names the store of the rows that move a storefront, and ignores other lists', () => {
    expect(
      storeOfChange({ newImage: { __edb_e__: 'sneakerItem', userId: 'u', listType: 'inventory' } }),
    ).toBe('u');
    expect(
      storeOfChange({ newImage: { __edb_e__: 'sneakerItem', userId: 'u', listType: 'wtb' } }),
    ).toBeUndefined();
    expect(storeOfChange({ oldImage: { __edb_e__: 'storefrontPrice', storeUserId: 's' } })).toBe('s');
    expect(storeOfChange({ newImage: { __edb_e__: 'userProfile', userId: 'u' } })).toBeUndefined();
  });

  it('recomputes each touched store once per batch and retries the records of a store that failed', async () => {
    const projected: string[] = [];
    const repo: ProjectionRepository = {
      sources: async (s) => {
        if (s === 'bad') throw new Error('boom');
        projected.push(s);
        return sources({ storeUserId: s });
      },
      products: async () => [],
      put: async () => undefined,
      remove: async () => undefined,
    };
    const errors: string[] = [];
    const failed = await applyProjectionRecords(
      { repo, clock: { now: () => NOW }, ids: { next: () => 'id' }, onError: (_e, s) => errors.push(s) },
      [
        { newImage: { __edb_e__: 'storefrontSetup', storeUserId: 'a' } },
        { newImage: { __edb_e__: 'storefrontPrice', storeUserId: 'bad' } },
        { newImage: { __edb_e__: 'sneakerItem', userId: 'a', listType: 'wts' } },
      ],
    );
    expect(projected).toEqual(['a']);
    expect(failed).toEqual([1]);
    expect(errors).toEqual(['bad']);
  });
});

describe('the public storefront reads', () => {
  const rows: ProjectedProduct[] = [
    ...productsOf(sources(), NOW),
    ...productsOf(
      sources({
        items: [
          item({
            id: 'a2',
            sku: 'IE0421',
            name: 'Samba OG',
            brand: 'adidas',
            sizes: ['UK 8'],
            askingPrice: 9000,
            createdAt: '2026-10-05T00:00:00.000Z',
          }),
        ],
      }),
      NOW,
    ),
  ];

  it('filters by words, style code, brand, size in a system and price', () => {
    const ids = (f: Parameters<typeof matches>[1]) => rows.filter((r) => matches(r, f)).map((r) => r.sku);
    expect(ids({ q: 'panda' })).toEqual(['DD1391-100']);
    expect(ids({ q: 'dd1391 100' })).toEqual(['DD1391-100']);
    expect(ids({ brand: 'ADIDAS' })).toEqual(['IE0421']);
    expect(ids({ size: '10', system: 'usM' })).toEqual(['DD1391-100']);
    expect(ids({ size: '42.5' })).toEqual(['DD1391-100']);
    // Nike's US M 9 is a UK 8 too: the size chart converts each brand by its own chart.
    expect(ids({ size: '8', system: 'uk' })).toEqual(['DD1391-100', 'IE0421']);
    expect(ids({ size: 'UK 8' })).toEqual(['IE0421']);
    expect(ids({ min: 10000 })).toEqual(['DD1391-100']);
    expect(ids({ max: 9500 })).toEqual(['IE0421']);
  });

  it('sorts newest first or by price, and pages by offset', () => {
    expect(sortRows(rows).map((r) => r.sku)).toEqual(['IE0421', 'DD1391-100']);
    expect(sortRows(rows, 'price_desc').map((r) => r.sku)).toEqual(['DD1391-100', 'IE0421']);
    expect(sortRows(rows, 'price_asc').map((r) => r.sku)).toEqual(['IE0421', 'DD1391-100']);
    expect(pageOf([1, 2, 3], undefined, 2)).toEqual({ items: [1, 2], cursor: '2' });
    expect(pageOf([1, 2, 3], '2', 2)).toEqual({ items: [3], cursor: null });
    expect(() => pageOf([1], 'eyJwayI6MX0', 2)).toThrow(/cursor/);
  });

  it('answers cards and product pages without offers, item ids or costs', () => {
    const card = cardOf(rows[0]!);
    const product = publicProductOf(rows[0]!);
    for (const answer of [card, product]) {
      const raw = JSON.stringify(answer);
      expect(raw).not.toMatch(/offers|itemId|unitCost|purchase|8000/);
    }
    expect(product.sizeRun.map((s) => [s.label, s.inStock])).toEqual([
      ['US 9', true],
      ['US 10', true],
    ]);
  });

  it('keeps out-of-stock sizes of the catalogue’s run selectable for "notify me"', () => {
    const row = { ...rows[0]!, sizeRun: [{ label: 'US 8', chart: null, price: 0, inStock: false }] };
    expect(publicProductOf(row).sizeRun.map((s) => [s.label, s.inStock, s.price])).toEqual([
      ['US 8', false, 12000],
      ['US 9', true, 12000],
      ['US 10', true, 12000],
    ]);
  });

  function deps(setup: { enabled: boolean } | null, storeRows = rows): PublicDeps {
    return {
      reader: {
        storefront: async () => ({
          setup: setup && {
            ...setup,
            name: '',
            logoUrl: null,
            bannerUrl: null,
            description: 'Since 2019',
            contact: 'hi@example.com',
            returnsText: '',
          },
          profile: { businessName: 'Kicks', avatarUrl: 'https://img.example/a.png', currency: 'EUR' },
        }),
        products: async () => storeRows,
      },
      limiter: { take: async () => ({ bucket: 'b', slot: 0, takenAt: 0 }), release: async () => undefined },
      clock: { now: () => NOW },
    };
  }

  it('answers the header with the profile’s fallbacks, and 404s for an unknown or switched-off storefront', async () => {
    const page = await getStorefront(deps({ enabled: true }), STORE, { limit: 1 });
    expect(page.store).toMatchObject({
      name: 'Kicks',
      logoUrl: 'https://img.example/a.png',
      brands: ['adidas', 'Nike'],
      productCount: 2,
      demo: false,
    });
    expect(page.products).toHaveLength(1);
    expect(page.cursor).toBe('1');
    expect((await getStorefront(deps({ enabled: true }), DEMO.userId, {})).store.demo).toBe(true);
    await expect(getStorefront(deps({ enabled: false }), STORE, {})).rejects.toMatchObject({
      status: 404,
      code: 'STOREFRONT_NOT_FOUND',
    });
    await expect(getStorefront(deps(null), STORE, {})).rejects.toMatchObject({
      code: 'STOREFRONT_NOT_FOUND',
    });
    await expect(getStorefrontProduct(deps({ enabled: true }), STORE, 's-GONE')).rejects.toMatchObject({
      status: 404,
      code: 'PRODUCT_NOT_AVAILABLE',
    });
  });
});
