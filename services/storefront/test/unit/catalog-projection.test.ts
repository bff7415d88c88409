import { describe, expect, it } from 'vitest';
import { DEMO } from '@sneakers/shared/demo';
import {
  applyProjectionRecords,
  CARD_CHUNK_BYTES,
  cardIndexOf,
  cardOf,
  cardsOfIndex,
  diffCardIndex,
  diffProducts,
  getStorefront,
  getStorefrontProduct,
  matches,
  pageOf,
  productsOf,
  projectStore,
  publicProductOf,
  sizeRunOf,
  sortRows,
  storeOfChange,
} from '../../src/catalog/domain';
import type {
  CatalogueData,
  ProjectedProduct,
  ProjectionRepository,
  PublicDeps,
  SourceItem,
  StoreSources,
} from '../../src/catalog/ports';
import { memoryRepo, projectionMemory } from './projection-memory';

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
      ...memoryRepo(projectionMemory()),
      setup: async (s) => {
        if (s === 'bad') throw new Error('boom');
        return { enabled: true, lists: ['inventory'], virtualProductIds: [] };
      },
      sources: async (s) => {
        if (s === 'bad') throw new Error('boom');
        projected.push(s);
        return sources({ storeUserId: s });
      },
      products: async () => [],
      put: async () => undefined,
      remove: async () => undefined,
      cardIndex: async () => [],
      writeCardIndex: async () => undefined,
      catalogue: async () => null,
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

/** A catalogue product with the men's run EU 41 to EU 44 (US 8 to US 10, half sizes from 42.5). */
function catalogue(over: Partial<CatalogueData> = {}): CatalogueData {
  const run: [string, string][] = [
    ['41', '8'],
    ['42', '8.5'],
    ['42.5', '9'],
    ['43', '9.5'],
    ['44', '10'],
  ];
  return {
    gender: 'men',
    colorway: 'White/Black-White',
    imageUrl: 'https://img.example/catalogue-panda.jpg',
    releaseDate: '2021-03-10',
    variants: run.map(([eu, usM]) => ({
      label: `US M ${usM}`,
      size: { brand: 'nike', eu, usM, usW: null, uk: null, jpCm: null },
    })),
    ...over,
  };
}

describe('the storefront projection with the catalogue', () => {
  const CAT = 'cat-panda';
  const linked = (over: Partial<SourceItem> = {}) =>
    item({ productCatalogId: CAT, colorway: '', imageUrl: null, ...over });

  it('fills the whole size run: the sizes on sale in stock at their lowest price, the rest out of stock', () => {
    const [row] = productsOf(
      sources({
        items: [
          linked({ sizes: ['US 9', 'US 10'] }),
          linked({ id: 'item-2', sizes: ['US 9'], askingPrice: 11000 }),
        ],
      }),
      NOW,
      new Map([[CAT, catalogue()]]),
    );
    expect(row!.sizeRun.map((s) => [s.label, s.inStock, s.price, s.chart?.eu])).toEqual([
      // Out-of-stock sizes are named as the store's items name theirs (US here).
      ['US 8', false, 0, '41'],
      ['US 8.5', false, 0, '42'],
      ['US 9', true, 11000, '42.5'],
      ['US 9.5', false, 0, '43'],
      ['US 10', true, 12000, '44'],
    ]);
    expect(row!).toMatchObject({
      colorway: 'White/Black-White',
      imageUrl: 'https://img.example/catalogue-panda.jpg',
      images: ['https://img.example/catalogue-panda.jpg'],
      releaseDate: '2021-03-10',
    });
    // The public page answers the whole run: 2 sizes to buy, 3 to be told about.
    const page = publicProductOf(row!);
    expect(page.sizeRun.filter((s) => s.inStock).map((s) => s.label)).toEqual(['US 9', 'US 10']);
    expect(page.sizeRun.filter((s) => !s.inStock).map((s) => [s.label, s.price])).toEqual([
      ['US 8', 11000],
      ['US 8.5', 11000],
      ['US 9.5', 11000],
    ]);
    expect(JSON.stringify(page)).not.toMatch(/catalogue"|variants|offers/);
  });

  it('matches sizes through the chart (EU values), keeps the item’s own image first, and names sizes in EU without a US item', () => {
    const run = sizeRunOf(
      catalogue(),
      'Nike',
      productsOf(
        sources({ items: [linked({ sizes: ['EU 42.5', '43'], imageUrl: 'https://img.example/own.jpg' })] }),
        NOW,
      )[0]!.offers,
    );
    expect(run.map((s) => [s.label, s.inStock])).toEqual([
      ['EU 41', false],
      ['EU 42', false],
      ['EU 42.5', true],
      ['43', true],
      ['EU 44', false],
    ]);
    const [row] = productsOf(
      sources({ items: [linked({ imageUrl: 'https://img.example/own.jpg', colorway: 'Panda' })] }),
      NOW,
      new Map([[CAT, catalogue()]]),
    );
    expect(row!.images).toEqual(['https://img.example/own.jpg', 'https://img.example/catalogue-panda.jpg']);
    expect(row!.colorway).toBe('Panda');
    // Without variants (or without the catalogue), the run is the sizes on sale.
    const [bare] = productsOf(
      sources({ items: [linked()] }),
      NOW,
      new Map([[CAT, catalogue({ variants: [] })]]),
    );
    expect(publicProductOf(bare!).sizeRun.map((s) => [s.label, s.inStock])).toEqual([
      ['US 9', true],
      ['US 10', true],
    ]);
  });

  it('reads the catalogue once per product per batch, and never again once a row keeps it', async () => {
    const reads: string[] = [];
    let stored: ProjectedProduct[] = [];
    const repo: ProjectionRepository = {
      ...memoryRepo(projectionMemory()),
      sources: async (s) =>
        sources({
          storeUserId: s,
          items: [
            linked(),
            linked({ id: 'item-2', sizes: ['US 8'] }),
            item({ id: 'item-3', sku: 'OTHER-1' }),
          ],
        }),
      products: async (s) => stored.filter((r) => r.storeUserId === s),
      put: async (row) => {
        stored = [
          ...stored.filter((r) => r.productId !== row.productId || r.storeUserId !== row.storeUserId),
          row,
        ];
      },
      remove: async () => undefined,
      cardIndex: async () => [],
      writeCardIndex: async () => undefined,
      catalogue: async (id) => {
        reads.push(id);
        return catalogue();
      },
    };
    const deps = { repo, clock: { now: () => NOW }, ids: { next: () => 'id' }, onError: () => undefined };
    // Two stores selling the same catalogue product in one batch: one read.
    await applyProjectionRecords(deps, [
      { newImage: { __edb_e__: 'storefrontSetup', storeUserId: 'a' } },
      { newImage: { __edb_e__: 'storefrontSetup', storeUserId: 'b' } },
    ]);
    expect(reads).toEqual([CAT]);
    const row = stored.find((r) => r.storeUserId === 'a' && r.productId === CAT)!;
    expect(row.sizeRun.filter((s) => !s.inStock).map((s) => s.label)).toEqual(['US 8.5', 'US 9.5']);
    // The next change of the store reuses the row's copy: no read.
    const changes = await projectStore(deps, 'a');
    expect(reads).toEqual([CAT]);
    expect(changes.put).toEqual([]);
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

  function deps(setup: { enabled: boolean } | null, storeRows = rows, closing = false): PublicDeps {
    const storefront = {
      setup: setup && {
        ...setup,
        name: '',
        logoUrl: null,
        bannerUrl: null,
        description: 'Since 2019',
        contact: 'hi@example.com',
        returnsText: '',
      },
      profile: {
        businessName: 'Kicks',
        avatarUrl: 'https://img.example/a.png',
        currency: 'EUR' as const,
        closing,
      },
    };
    const index = cardIndexOf(storeRows);
    return {
      reader: {
        storefront: async () => storefront,
        cardIndex: async () => index,
        product: async (_store, productId) => ({
          ...storefront,
          row: storeRows.find((r) => r.productId === productId) ?? null,
          header: index[0]!.header,
        }),
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

  it('404s the storefront and its product pages while the account is closing', async () => {
    const closing = deps({ enabled: true }, rows, true);
    await expect(getStorefront(closing, STORE, {})).rejects.toMatchObject({
      status: 404,
      code: 'STOREFRONT_NOT_FOUND',
    });
    await expect(getStorefrontProduct(closing, STORE, rows[0]!.productId)).rejects.toMatchObject({
      status: 404,
      code: 'STOREFRONT_NOT_FOUND',
    });
  });
});

describe('the card index', () => {
  /** A store of 1,000 products as a real one lists them: catalogue ids, long image URLs, 3 to 8 sizes in US. */
  function bigStore(count = 1000): ProjectedProduct[] {
    const items = Array.from({ length: count }, (_, i) => {
      const n = String(i).padStart(4, '0');
      return item({
        id: `01JD3K5Q8Z6X7V9W2T4R1M${n}`,
        productCatalogId: `01JC9M2N4P6Q8R0S2T4V6X${n}`,
        sku: `DD${n}-1${n.slice(2)}`,
        name: `Nike Dunk Low Retro Premium ${n} White Black Panda`,
        colorway: 'White/Black-White',
        imageUrl: `https://sneakers-media.s3.eu-west-1.amazonaws.com/catalog/01JC9M2N4P6Q8R0S2T4V6X${n}/main-1600.jpg`,
        sizes: ['US 7', 'US 8', 'US 8.5', 'US 9', 'US 9.5', 'US 10', 'US 11', 'US 12'].slice(0, 3 + (i % 6)),
        askingPrice: 10000 + i * 7,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      });
    });
    const releases = new Map(
      items.map((it) => [it.productCatalogId!, catalogue({ releaseDate: '2021-03-10', variants: [] })]),
    );
    return productsOf(sources({ items }), NOW, releases);
  }

  it('keeps 1,000 realistic cards in a few chunks under the item limit, together within one Query page', () => {
    const rows = bigStore();
    const chunks = cardIndexOf(rows);
    const bytes = chunks.map((c) => new TextEncoder().encode(c.cards).length);
    const perCard = bytes.reduce((a, b) => a + b, 0) / rows.length;
    console.info(
      `card index: ${rows.length} cards, ${Math.round(perCard)} B a card, chunks ${bytes.join(', ')} B`,
    );
    expect(bytes.every((b) => b <= CARD_CHUNK_BYTES)).toBe(true);
    // DynamoDB's item limit is 400 KB and a Query page 1 MB.
    expect(Math.max(...bytes)).toBeLessThan(400_000);
    expect(bytes.reduce((a, b) => a + b, 0)).toBeLessThan(1_000_000);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]!.header).toEqual({ brands: ['Nike'], productCount: 1000, currency: 'EUR' });
    expect(chunks.slice(1).every((c) => c.header === null)).toBe(true);
    // The chunks read back in any order are the cards the rows answer, with the filters' keys.
    const { header, cards } = cardsOfIndex([...chunks].reverse());
    expect(header.productCount).toBe(1000);
    const byId = new Map(cards.map((c) => [c.productId, c]));
    for (const row of rows) {
      const card = byId.get(row.productId)!;
      expect(card).toEqual({
        ...cardOf(row),
        updatedAt: row.updatedAt,
        searchText: row.searchText,
        sizeKeys: row.sizeKeys,
      });
    }
  });

  it('writes nothing while the cards are the same, and only the chunks that changed', () => {
    const rows = bigStore();
    const stored = cardIndexOf(rows);
    expect(diffCardIndex(stored, cardIndexOf([...rows].reverse()))).toEqual({ put: [], remove: [] });
    // A price of the last product: the last chunk and chunk 0's header stay; one chunk is written.
    const last = [...rows].sort((a, b) => (a.productId < b.productId ? -1 : 1)).at(-1)!;
    const repriced = rows.map((r) => (r === last ? { ...r, price: r.price + 100 } : r));
    const changes = diffCardIndex(stored, cardIndexOf(repriced));
    expect(changes.put.map((c) => c.chunk)).toEqual([stored.length - 1]);
    // Fewer products: the chunks left over go; no product at all keeps chunk 0 with the header.
    expect(diffCardIndex(stored, cardIndexOf(rows.slice(0, 10))).remove).toEqual(
      stored.slice(1).map((c) => c.chunk),
    );
    expect(cardIndexOf([])).toEqual([
      { chunk: 0, cards: '[]', header: { brands: [], productCount: 0, currency: null } },
    ]);
  });

  it('keeps the index with the rows: written when a card changes, not on a redelivery, gone when the storefront is off', async () => {
    let enabled = true;
    let storeItems = [item()];
    let rows: ProjectedProduct[] = [];
    let index: ReturnType<typeof cardIndexOf> = [];
    const writes: string[] = [];
    const repo: ProjectionRepository = {
      ...memoryRepo(projectionMemory()),
      sources: async (s) =>
        sources({
          storeUserId: s,
          items: storeItems,
          setup: enabled ? { enabled: true, lists: ['inventory'], virtualProductIds: [] } : null,
        }),
      products: async () => rows,
      put: async (row) => {
        rows = [...rows.filter((r) => r.productId !== row.productId), row];
      },
      remove: async (_s, productId) => {
        rows = rows.filter((r) => r.productId !== productId);
      },
      cardIndex: async () => index,
      writeCardIndex: async (_s, changes) => {
        writes.push(`put ${changes.put.map((c) => c.chunk).join()} remove ${changes.remove.join()}`);
        const removed = new Set([...changes.remove, ...changes.put.map((c) => c.chunk)]);
        index = [...index.filter((c) => !removed.has(c.chunk)), ...changes.put];
      },
      catalogue: async () => null,
    };
    const deps = { repo, clock: { now: () => NOW }, ids: { next: () => 'id' }, onError: () => undefined };
    await projectStore(deps, STORE);
    expect(writes).toEqual(['put 0 remove ']);
    expect(cardsOfIndex(index).cards.map((c) => c.sku)).toEqual(['DD1391-100']);
    await projectStore(deps, STORE);
    expect(writes).toHaveLength(1);
    storeItems = [item({ askingPrice: 11000 })];
    await projectStore(deps, STORE);
    expect(cardsOfIndex(index).cards[0]!.price).toBe(11000);
    enabled = false;
    await projectStore(deps, STORE);
    expect(writes.at(-1)).toBe('put  remove 0');
    expect(index).toEqual([]);
  });

  it('answers a product page’s header from chunk 0, and cards without the index’s own fields', async () => {
    const rows = bigStore(3);
    const index = cardIndexOf(rows);
    const setup = {
      enabled: true,
      name: 'Kicks',
      logoUrl: null,
      bannerUrl: null,
      description: '',
      contact: '',
      returnsText: '',
    };
    const deps: PublicDeps = {
      reader: {
        storefront: async () => ({ setup, profile: null }),
        cardIndex: async () => index,
        product: async (_s, id) => ({
          setup,
          profile: null,
          row: rows.find((r) => r.productId === id) ?? null,
          header: index[0]!.header,
        }),
      },
      limiter: { take: async () => ({ bucket: 'b', slot: 0, takenAt: 0 }), release: async () => undefined },
      clock: { now: () => NOW },
    };
    const page = await getStorefront(deps, STORE, {});
    expect(Object.keys(page.products[0]!).sort()).toEqual(Object.keys(cardOf(rows[0]!)).sort());
    const product = await getStorefrontProduct(deps, STORE, rows[1]!.productId);
    expect(product.store).toEqual(page.store);
    expect(product.store.productCount).toBe(3);
  });
});

describe('sizes stored as bare numbers', () => {
  it('reads 30 to 52 as EU sizes, so a buyer sees them in US, UK or cm', async () => {
    const { chartOf } = await import('../../src/catalog/domain');
    expect(chartOf('Nike', null, '42.5')).toMatchObject({ eu: '42.5', usM: '9' });
    expect(chartOf('Nike', null, '42,5')).toMatchObject({ usM: '9' });
    expect(chartOf('Nike', null, 'US 9')).toMatchObject({ eu: '42.5' });
    expect(chartOf('Nike', null, '9')).toBeNull();
    expect(chartOf('Nike', null, 'BULK')).toBeNull();
  });
});
