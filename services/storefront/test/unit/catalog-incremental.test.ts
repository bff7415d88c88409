import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyProjectionRecords,
  CARD_CHUNK_BYTES,
  cardIndexOf,
  cardsOfIndex,
  patchCardIndex,
  productsOf,
  projectStore,
} from '../../src/catalog/domain';
import type {
  CardIndexChunk,
  CatalogueData,
  ProjectedProduct,
  SourceItem,
  SourceVirtualProduct,
} from '../../src/catalog/ports';
import {
  itemKeyOf,
  memoryDeps,
  memoryRepo,
  NOW,
  projectionMemory,
  type ProjectionMemory,
} from './projection-memory';

const STORE = 'store-1';

type Record = { newImage?: { [k: string]: unknown }; oldImage?: { [k: string]: unknown } };

const itemImage = (item: SourceItem) => ({ ...item, __edb_e__: 'sneakerItem', userId: STORE });
const vpImage = (vp: SourceVirtualProduct) => ({
  ...vp,
  __edb_e__: 'commerceVirtualProduct',
  storeUserId: STORE,
});
const priceImage = (itemId: string, price: number) => ({
  __edb_e__: 'storefrontPrice',
  storeUserId: STORE,
  itemId,
  price,
});

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
    imageUrl: null,
    sizes: ['US 9'],
    desiredPrice: 11000,
    askingPrice: 12000,
    purchasePrice: null,
    currency: 'EUR',
    createdAt: '2026-10-01T00:00:00.000Z',
    ...over,
  };
}

const CATALOGUE: CatalogueData = {
  gender: 'men',
  colorway: 'White/Black-White',
  imageUrl: 'https://img.example/cat.jpg',
  releaseDate: '2021-03-10',
  variants: [
    { label: 'US M 9', size: { brand: 'nike', eu: '42.5', usM: '9', usW: null, uk: null, jpCm: null } },
    { label: 'US M 10', size: { brand: 'nike', eu: '44', usM: '10', usW: null, uk: null, jpCm: null } },
  ],
};
const catalogueOf = (id: string) => (id === 'cat-1' ? CATALOGUE : null);

/** Applies a change to the memory's sources and answers its stream record, as the table would. */
type Change =
  | { kind: 'item'; key: { listType: 'inventory' | 'wts'; id: string }; item: SourceItem | null }
  | { kind: 'price'; itemId: string; price: number | null }
  | { kind: 'vp'; id: string; vp: SourceVirtualProduct | null }
  | { kind: 'setup'; lists: string[]; virtualProductIds: string[]; enabled: boolean };

function apply(m: ProjectionMemory, change: Change): Record {
  if (change.kind === 'item') {
    const key = itemKeyOf(change.key);
    const old = m.items.get(key);
    if (change.item) m.items.set(key, change.item);
    else m.items.delete(key);
    return {
      ...(old ? { oldImage: itemImage(old) } : {}),
      ...(change.item ? { newImage: itemImage(change.item) } : {}),
      // A delete of an item that never was: still a record of the key.
      ...(!old && !change.item ? { oldImage: itemImage(item({ ...change.key })) } : {}),
    };
  }
  if (change.kind === 'price') {
    const old = m.prices.get(change.itemId);
    if (change.price === null) m.prices.delete(change.itemId);
    else m.prices.set(change.itemId, change.price);
    return {
      ...(old !== undefined ? { oldImage: priceImage(change.itemId, old) } : {}),
      newImage: priceImage(change.itemId, change.price ?? 0),
    };
  }
  if (change.kind === 'vp') {
    const old = m.virtualProducts.get(change.id);
    if (change.vp) m.virtualProducts.set(change.id, change.vp);
    else m.virtualProducts.delete(change.id);
    const image = change.vp ?? old;
    return image ? { newImage: vpImage(image) } : {};
  }
  m.setup = { enabled: change.enabled, lists: change.lists, virtualProductIds: change.virtualProductIds };
  return { newImage: { __edb_e__: 'storefrontSetup', storeUserId: STORE } };
}

const ids = ['01A', '01B', '01C', '01D', '01E'];
const listTypes = ['inventory', 'wts'] as const;
const itemArb = (id: string, listType: 'inventory' | 'wts') =>
  fc
    .record({
      status: fc.constantFrom('available', 'pending', 'sold'),
      productCatalogId: fc.constantFrom(null, 'cat-1', 'cat-2'),
      sku: fc.constantFrom('DD1391-100', 'dd1391 100', 'X-1', ''),
      name: fc.constantFrom('Dunk Low Panda', 'Jordan 1'),
      brand: fc.constantFrom('Nike', 'Jordan', ' '),
      imageUrl: fc.constantFrom(null, 'https://img.example/a.jpg'),
      sizes: fc.subarray(['US 9', 'US 10', 'EU 44', '42'], { minLength: 0, maxLength: 3 }),
      desiredPrice: fc.constantFrom(null, 0, 9000, 11000),
      askingPrice: fc.constantFrom(null, 0, 10000, 12000),
      currency: fc.constantFrom('EUR' as const, 'USD' as const),
      createdAt: fc.constantFrom('2026-10-01T00:00:00.000Z', '2026-10-02T00:00:00.000Z'),
    })
    .map((over) => item({ ...over, id, listType }));

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...listTypes)).chain(([id, listType]) =>
      fc.record({
        kind: fc.constant('item' as const),
        key: fc.constant({ listType, id }),
        item: fc.option(itemArb(id, listType), { nil: null, freq: 4 }),
      }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      itemId: fc.constantFrom(...ids),
      price: fc.constantFrom(null, 5000, 15000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('v1', 'v2').chain((id) =>
      fc.record({
        kind: fc.constant('vp' as const),
        id: fc.constant(id),
        vp: fc.option(
          fc
            .record({
              active: fc.boolean(),
              price: fc.constantFrom(0, 9900),
              sizes: fc.subarray(['US 9', 'US 11'], { minLength: 0, maxLength: 2 }),
              productCatalogId: fc.constantFrom(null, 'cat-1'),
            })
            .map((over): SourceVirtualProduct => ({
              id,
              productVariantId: null,
              sku: 'VP-1',
              name: 'Virtual',
              brand: 'Nike',
              colorway: '',
              imageUrl: null,
              currency: 'EUR',
              createdAt: '2026-10-03T00:00:00.000Z',
              ...over,
            })),
          { nil: null },
        ),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('setup' as const),
      lists: fc.constantFrom<string[][]>(['inventory'], ['wts'], ['inventory', 'wts'], ['wts', 'inventory']),
      virtualProductIds: fc.subarray(['v1', 'v2']),
      enabled: fc.boolean(),
    }),
  },
);

/** The rows and the index's cards and header, comparable whatever the chunks' layout. */
function view(m: ProjectionMemory) {
  const { header, cards } = cardsOfIndex(m.index);
  return {
    rows: [...m.rows.values()].sort((a, b) => a.productId.localeCompare(b.productId)),
    cards: cards.sort((a, b) => a.productId.localeCompare(b.productId)),
    header: m.index.length > 0 ? header : null,
  };
}

async function fromScratch(m: ProjectionMemory) {
  const fresh = projectionMemory({
    setup: m.setup,
    items: new Map(m.items),
    virtualProducts: new Map(m.virtualProducts),
    prices: new Map(m.prices),
  });
  await projectStore(memoryDeps(memoryRepo(fresh, catalogueOf)), STORE);
  return fresh;
}

/** The repository with its two whole-store reads (every source, every projected row) counted. */
function countingWholeStoreReads(repo: ReturnType<typeof memoryRepo>) {
  const calls: string[] = [];
  /** The reads by key of a batch's products and items. */
  const byKey: string[] = [];
  const counted = {
    ...repo,
    productsById: async (s: string, ids: string[]) => {
      byKey.push('productsById');
      return repo.productsById(s, ids);
    },
    sourcesByKey: async (...args: Parameters<typeof repo.sourcesByKey>) => {
      byKey.push('sourcesByKey');
      return repo.sourcesByKey(...args);
    },
    sources: async (s: string) => {
      calls.push('sources');
      return repo.sources(s);
    },
    products: async (s: string) => {
      calls.push('products');
      return repo.products(s);
    },
  };
  return { calls, byKey, counted };
}

describe('the per-product projection', () => {
  it('converges to the from-scratch rows and index after any batches of changes, and a redelivery writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(changeArb, { minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        async (batches) => {
          const m = projectionMemory({
            setup: { enabled: true, lists: ['inventory', 'wts'], virtualProductIds: ['v1'] },
          });
          const deps = memoryDeps(memoryRepo(m, catalogueOf));
          await projectStore(deps, STORE);
          let last: Record[] = [];
          for (const batch of batches) {
            last = batch.map((change) => apply(m, change));
            expect(await applyProjectionRecords(deps, last)).toEqual([]);
          }
          expect(view(m)).toEqual(view(await fromScratch(m)));
          const written = m.writes.length;
          await applyProjectionRecords(deps, last);
          expect(m.writes).toHaveLength(written);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads and writes only the touched product: its row and BackInStock together, one index chunk', async () => {
    const m = projectionMemory();
    for (let i = 0; i < 40; i++) {
      const it = item({ id: `01X${String(i).padStart(3, '0')}`, sku: `SKU-${i}`, sizes: ['US 9', 'US 10'] });
      m.items.set(itemKeyOf(it), it);
    }
    const repo = memoryRepo(m, catalogueOf);
    const deps = memoryDeps(repo);
    await projectStore(deps, STORE);
    // Many small chunks, so a change shows which chunk it touched.
    m.index = patchCardIndex([], new Map([...m.rows.values()].map((r) => [r.productId, r])));
    m.writes = [];
    m.events = [];
    const { calls, counted } = countingWholeStoreReads(repo);
    const before = m.items.get('inventory#01X007')!;
    const after = { ...before, sizes: ['US 9', 'US 10', 'US 11'] };
    m.items.set('inventory#01X007', after);
    await applyProjectionRecords(memoryDeps(counted), [
      { oldImage: itemImage(before), newImage: itemImage(after) },
    ]);
    expect(calls).toEqual([]);
    expect(m.writes).toEqual(['put s-SKU7', 'index']);
    expect(m.events).toEqual([{ productId: 's-SKU7', size: 'US 11' }]);
    expect(view(m)).toEqual(view(await fromScratch(m)));
  });

  it('moves an item between products, and prices a product through its item’s price row', async () => {
    const m = projectionMemory();
    const a = item({ id: '01A', sku: 'AAA-1' });
    const b = item({ id: '01B', sku: 'BBB-1', sizes: ['US 10'] });
    m.items.set(itemKeyOf(a), a);
    m.items.set(itemKeyOf(b), b);
    const deps = memoryDeps(memoryRepo(m, catalogueOf));
    await projectStore(deps, STORE);
    const moved = { ...a, sku: 'BBB-1' };
    m.items.set(itemKeyOf(a), moved);
    await applyProjectionRecords(deps, [{ oldImage: itemImage(a), newImage: itemImage(moved) }]);
    expect([...m.rows.keys()]).toEqual(['s-BBB1']);
    expect(m.rows.get('s-BBB1')!.offers.map((o) => o.itemId)).toEqual(['01A', '01B']);
    m.prices.set('01B', 5000);
    await applyProjectionRecords(deps, [{ newImage: priceImage('01B', 5000) }]);
    expect(m.rows.get('s-BBB1')!.price).toBe(5000);
    expect(cardsOfIndex(m.index).header).toEqual({ brands: ['Nike'], productCount: 1, currency: 'EUR' });
    expect(view(m)).toEqual(view(await fromScratch(m)));
  });
  it('reads none of the stock of a store with no storefront switched on, and still removes what a switched-off one left', async () => {
    const m = projectionMemory({ setup: null });
    const a = item({ id: '01A', sku: 'AAA-1' });
    m.items.set(itemKeyOf(a), a);
    const repo = memoryRepo(m, catalogueOf);
    const { calls, byKey, counted } = countingWholeStoreReads(repo);
    // An import's item arrives in a store that never set up a storefront: neither its stock nor
    // the batch's items are read, nothing is written.
    await applyProjectionRecords(memoryDeps(counted), [{ newImage: itemImage(a) }]);
    expect([calls, byKey, m.writes]).toEqual([['products'], [], []]);

    // Switched on, projected, then switched off: the next item change removes the rows and index.
    m.setup = { enabled: true, lists: ['inventory'], virtualProductIds: [] };
    await projectStore(memoryDeps(repo), STORE);
    expect(m.rows.size).toBe(1);
    m.setup = { ...m.setup, enabled: false };
    m.writes = [];
    const cheaper = { ...a, askingPrice: 9000 };
    m.items.set(itemKeyOf(a), cheaper);
    await applyProjectionRecords(memoryDeps(counted), [
      { oldImage: itemImage(a), newImage: itemImage(cheaper) },
    ]);
    expect([calls, m.writes, m.rows.size, m.index]).toEqual([
      ['products', 'products'],
      ['remove s-AAA1', 'index'],
      0,
      [],
    ]);
    expect(view(m)).toEqual(view(await fromScratch(m)));
  });

  it('recomputes the whole store when its index has no chunk 0, so the header counts every card', async () => {
    const m = projectionMemory();
    const a = item({ id: '01A', sku: 'AAA-1' });
    const b = item({ id: '01B', sku: 'BBB-1' });
    m.items.set(itemKeyOf(a), a);
    m.items.set(itemKeyOf(b), b);
    const deps = memoryDeps(memoryRepo(m, catalogueOf));
    await projectStore(deps, STORE);
    m.index = [];
    const cheaper = { ...a, askingPrice: 9000 };
    m.items.set(itemKeyOf(a), cheaper);
    await applyProjectionRecords(deps, [{ oldImage: itemImage(a), newImage: itemImage(cheaper) }]);
    expect(cardsOfIndex(m.index).header.productCount).toBe(2);
    expect(view(m)).toEqual(view(await fromScratch(m)));
  });
});

describe('patching the card index', () => {
  const sorted = (chunks: readonly CardIndexChunk[]) => {
    const { header, cards } = cardsOfIndex(chunks);
    return { header, cards: cards.sort((a, b) => a.productId.localeCompare(b.productId)) };
  };
  const rows = (n: number, name = 'x'.repeat(2000)): ProjectedProduct[] =>
    productsOf(
      {
        storeUserId: STORE,
        setup: { enabled: true, lists: ['inventory'], virtualProductIds: [] },
        items: Array.from({ length: n }, (_, i) =>
          item({ id: `01P${String(i).padStart(4, '0')}`, sku: `P-${i}`, name }),
        ),
        virtualProducts: [],
        prices: new Map(),
      },
      NOW,
    );

  it('keeps untouched chunks as stored, passes a full chunk’s overflow to a new one, and keeps the header', () => {
    const all = rows(150);
    const stored = cardIndexOf(all.slice(0, 100));
    const added = new Map(all.slice(100).map((r) => [r.productId, r]));
    const patched = patchCardIndex(stored, added);
    for (const c of patched)
      expect(new TextEncoder().encode(c.cards).length).toBeLessThanOrEqual(CARD_CHUNK_BYTES);
    const untouched = stored.slice(0, -1);
    for (const c of untouched) expect(patched.find((p) => p.chunk === c.chunk)!.cards).toBe(c.cards);
    expect(sorted(patched)).toEqual(sorted(cardIndexOf(all)));
    // Every card of a chunk gone: the chunk goes, chunk 0 stays with the header.
    const none = patchCardIndex(patched, new Map(all.map((r) => [r.productId, null])));
    expect(none).toEqual([
      { chunk: 0, cards: '[]', header: { brands: [], productCount: 0, currency: null } },
    ]);
  });
});
