import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '@sneakers/shared/contracts/catalog';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import { CatalogIndex, type SearchRequest } from '../../src/search/catalog-index';
import { isOneSlip, isTypoWord, words } from '../../src/search/text';
import { styleCodeQuery } from '@sneakers/shared/rules/style-code';

let sequence = 0;
function product(fields: Partial<Product> & Pick<Product, 'name' | 'sku'>): Product {
  sequence += 1;
  return {
    id: `p-${String(sequence).padStart(4, '0')}`,
    brand: 'Nike',
    productType: 'sneakers',
    imageUrl: null,
    releaseDate: '2024-01-01',
    retailPrice: 11_000,
    currency: 'EUR',
    colorway: 'White/Black',
    gender: 'men',
    marketplaceSlug: null,
    marketplaceProductId: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

const panda = product({ name: "Nike Dunk Low 'Panda'", sku: 'DD1391-100', releaseDate: '2021-03-10' });
const pandaW = product({
  name: "Nike Dunk Low 'Panda' (W)",
  sku: 'DD1503-101',
  releaseDate: '2021-06-01',
  gender: 'women',
});
const chicago = product({
  name: 'Air Jordan 1 Retro High OG Chicago',
  sku: 'DZ5485-612',
  brand: 'Jordan',
  releaseDate: '2022-11-19',
});
const samba = product({ name: 'Samba OG', sku: 'B75806', brand: 'adidas', releaseDate: '2018-01-01' });
const nb = product({ name: '990v6 Grey', sku: 'M990GL6', brand: 'New Balance', releaseDate: null });
const hoodie = product({
  name: 'Essentials Hoodie Crème',
  sku: 'HD-1',
  brand: 'Fear of God',
  productType: 'Apparel',
  releaseDate: '2023-05-05',
});
const fixtures = [panda, pandaW, chicago, samba, nb, hoodie];
const index = CatalogIndex.build(fixtures);

const find = (q: string, extra: Partial<SearchRequest> = {}) =>
  index.search({ q, order: 'release', offset: 0, limit: 24, ...extra });
const ids = (q: string, extra: Partial<SearchRequest> = {}) => find(q, extra).products.map((p) => p.id);

describe('matching', () => {
  it('matches name, SKU, brand and product type, case-insensitively', () => {
    expect(ids('DUNK')).toEqual([pandaW.id, panda.id]);
    expect(ids('jordan')).toEqual([chicago.id]);
    expect(ids('ADIDAS')).toEqual([samba.id]);
    expect(ids('apparel')).toEqual([hoodie.id]);
    expect(ids('b75806')).toEqual([samba.id]);
  });

  it('folds accents both ways', () => {
    expect(ids('creme')).toEqual([hoodie.id]);
    expect(ids('CRÉME')).toEqual([hoodie.id]);
  });

  it('matches prefixes as the user types, every word AND-ed', () => {
    expect(ids('jordan 1 ret')).toEqual([chicago.id]);
    expect(ids('dunk lo')).toEqual([pandaW.id, panda.id]);
    expect(ids('dunk lo w')).toEqual([pandaW.id]);
    expect(ids('dunk high')).toEqual([]);
    expect(ids('new bal')).toEqual([nb.id]);
  });

  it('tolerates one substituted or swapped letter in words of 5+ letters, not a dropped one', () => {
    expect(ids('jordam')).toEqual([chicago.id]);
    expect(ids('chicgao')).toEqual([chicago.id]);
    expect(ids('retor')).toEqual([chicago.id]);
    expect(ids('jordn')).toEqual([]);
    expect(ids('dubk')).toEqual([]); // 4 letters: no typo budget
    expect(ids('jxrdxn')).toEqual([]); // two slips
  });

  it('finds a style code in any format, and its family by prefix', () => {
    for (const q of ['DD1391-100', 'DD1391 100', 'dd1391100', 'dd1391-100 '])
      expect(ids(q)).toEqual([panda.id]);
    expect(ids('dd1391')).toEqual([panda.id]);
    expect(ids('DD13')).toEqual([panda.id]); // the SKU word 'dd1391' starts with it
    expect(ids('dd15')).toEqual([pandaW.id]);
    expect(ids('m990g')).toEqual([nb.id]);
    expect(ids('DD1391-1009')).toEqual([]);
  });

  it('gives every product for an empty query, newest release first and no date last', () => {
    expect(find('').total).toBe(fixtures.length);
    expect(ids('   ')).toEqual([hoodie.id, chicago.id, pandaW.id, panda.id, samba.id, nb.id]);
  });
});

describe('filters, order, paging and facets', () => {
  it('filters by brand and type with "contains", case-insensitively', () => {
    expect(ids('', { brand: 'NIK' })).toEqual([pandaW.id, panda.id]);
    expect(ids('', { brand: 'balance' })).toEqual([nb.id]);
    expect(ids('', { productType: 'APPAR' })).toEqual([hoodie.id]);
    expect(ids('panda', { brand: 'jordan' })).toEqual([]);
    expect(find('', { brand: 'zzz' })).toEqual({ total: 0, products: [] });
  });

  it('orders by last update for superusers', () => {
    const a = product({
      name: 'A',
      sku: 'A1',
      updatedAt: '2024-05-01T00:00:00.000Z',
      releaseDate: '2020-01-01',
    });
    const b = product({
      name: 'B',
      sku: 'B1',
      updatedAt: '2024-06-01T00:00:00.000Z',
      releaseDate: '2019-01-01',
    });
    const c = product({
      name: 'C',
      sku: 'C1',
      updatedAt: '2024-06-01T00:00:00.000Z',
      releaseDate: '2025-01-01',
    });
    const small = CatalogIndex.build([a, b, c]);
    const order = (o: 'release' | 'updated') =>
      small.search({ order: o, offset: 0, limit: 10 }).products.map((p) => p.name);
    expect(order('updated')).toEqual(['B', 'C', 'A']); // ties broken by id
    expect(order('release')).toEqual(['C', 'A', 'B']);
  });

  it('slices pages by offset and limit with an exact total', () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      product({
        name: `Gel Lyte ${i}`,
        sku: `GL-${i}`,
        releaseDate: `2020-01-${String((i % 28) + 1).padStart(2, '0')}`,
      }),
    );
    const big = CatalogIndex.build(many);
    const all = big.search({ q: 'gel', order: 'release', offset: 0, limit: 100 }).products.map((p) => p.id);
    expect(all).toHaveLength(60);
    const pages = [0, 24, 48].flatMap((offset) =>
      big.search({ q: 'gel', order: 'release', offset, limit: 24 }).products.map((p) => p.id),
    );
    expect(pages).toEqual(all);
    expect(big.search({ q: 'gel', order: 'release', offset: 48, limit: 24 })).toMatchObject({ total: 60 });
    expect(big.search({ q: 'gel', order: 'release', offset: 100, limit: 24 }).products).toEqual([]);
  });

  it('lists the brands and product types that have products', () => {
    expect(index.facets()).toEqual({
      brands: ['adidas', 'Fear of God', 'Jordan', 'New Balance', 'Nike'],
      productTypes: ['Apparel', 'sneakers'],
    });
  });
});

describe('incremental changes and snapshots', () => {
  it('upserts by id, removes, and keeps facets in step', () => {
    const live = CatalogIndex.build(fixtures);
    live.upsert([{ ...samba, name: 'Samba Classic', brand: 'Adidas Originals' }]);
    expect(live.size).toBe(fixtures.length);
    expect(live.search({ q: 'samba og', order: 'release', offset: 0, limit: 5 }).total).toBe(0);
    expect(live.search({ q: 'classic', order: 'release', offset: 0, limit: 5 }).products).toMatchObject([
      { id: samba.id, brand: 'Adidas Originals' },
    ]);
    expect(live.facets().brands).toContain('Adidas Originals');
    expect(live.facets().brands).not.toContain('adidas');
    live.remove([samba.id, 'unknown']);
    expect(live.size).toBe(fixtures.length - 1);
    expect(live.search({ q: 'samba', order: 'release', offset: 0, limit: 5 }).total).toBe(0);
  });

  it('finds a new style code in any format after an upsert', () => {
    const live = CatalogIndex.build(fixtures);
    const fresh = product({ name: 'Air Max 1 Patta', sku: 'DH1348-004', releaseDate: '2021-09-01' });
    live.upsert([fresh]);
    expect(live.search({ q: 'dh1348004', order: 'release', offset: 0, limit: 5 }).products).toEqual([fresh]);
    expect(live.search({ q: 'patt', order: 'release', offset: 0, limit: 5 }).products).toEqual([fresh]);
  });

  it('round-trips through a snapshot, live documents only', () => {
    const live = CatalogIndex.build(fixtures);
    live.upsert([product({ name: 'Gazelle Indoor', sku: 'IG1640', brand: 'adidas' })]);
    live.remove([nb.id]);
    const copy = CatalogIndex.fromSnapshot(live.toSnapshot());
    expect(copy.size).toBe(live.size);
    expect(copy.facets()).toEqual(live.facets());
    for (const q of ['', 'dunk', 'gazelle', 'jordam', 'DD1391 100', 'new balance'])
      expect(copy.search({ q, order: 'release', offset: 0, limit: 24 })).toEqual(
        live.search({ q, order: 'release', offset: 0, limit: 24 }),
      );
  });

  it('compacts after many changes (and bulk batches) without changing any answer', () => {
    const base = Array.from({ length: 300 }, (_, i) =>
      product({
        name: `Gel Lyte ${i % 7 === 0 ? 'Panda' : 'Olive'} ${i}`,
        sku: `GL${1000 + i}-1`,
        releaseDate: `2019-0${(i % 9) + 1}-01`,
      }),
    );
    const live = CatalogIndex.fromSnapshot(CatalogIndex.build(base).toSnapshot());
    let current = base;
    // 12 rounds of 250 updates (over the 2,048 dead-doc threshold) and one bulk batch of 1,500.
    for (let round = 0; round < 12; round++) {
      current = current.map((p, i) =>
        i < 250 ? { ...p, updatedAt: new Date(Date.UTC(2024, 0, 1, round, i)).toISOString() } : p,
      );
      live.upsert(current.slice(0, 250));
    }
    const bulk = Array.from({ length: 1500 }, (_, i) =>
      product({ name: `Samba ${i}`, sku: `SB${i}`, releaseDate: null }),
    );
    live.upsert(bulk);
    live.remove(bulk.slice(0, 500).map((p) => p.id));
    const rebuilt = CatalogIndex.build([...current, ...bulk.slice(500)]);
    expect(live.size).toBe(rebuilt.size);
    for (const q of ['', 'panda', 'gel ly', 'samba 1', 'GL1007 1', 'olvie'])
      for (const order of ['release', 'updated'] as const)
        for (const offset of [0, 24, 1000])
          expect(live.search({ q, order, offset, limit: 24 })).toEqual(
            rebuilt.search({ q, order, offset, limit: 24 }),
          );
  });

  it('refuses bytes that are not a snapshot', () => {
    expect(() => CatalogIndex.fromSnapshot(new Uint8Array([1, 2, 3]))).toThrow();
  });
});

describe('styleCodeKey and the typo rule', () => {
  it('keeps letters and digits, upper-cased', () => {
    expect(styleCodeKey('DD1391-100')).toBe('DD1391100');
    expect(styleCodeKey('dd1391 100')).toBe('DD1391100');
    expect(styleCodeKey(' m990gl6 ')).toBe('M990GL6');
    expect(styleCodeKey('ÀB-12')).toBe('AB12');
  });

  it('treats a query as a style code only with a digit and 5+ characters', () => {
    expect(styleCodeQuery('DD139')).toBe('DD139');
    expect(styleCodeQuery('DD13')).toBeUndefined();
    expect(styleCodeQuery('jordan')).toBeUndefined();
  });

  it('counts one substitution or adjacent swap as one slip', () => {
    expect(isOneSlip('jordam', 'jordan')).toBe(true);
    expect(isOneSlip('ojrdan', 'jordan')).toBe(true);
    expect(isOneSlip('jordn', 'jordan')).toBe(false);
    expect(isOneSlip('jordan', 'jordan')).toBe(false);
    expect(isOneSlip('jxrdxn', 'jordan')).toBe(false);
    expect(isTypoWord('dunk')).toBe(false);
    expect(isTypoWord('1130a')).toBe(false);
  });
});

// ---- Properties against a brute-force reading of the same rules ----

const VOCAB = [
  'dunk',
  'low',
  'jordan',
  'retro',
  'samba',
  'gazelle',
  'panda',
  'chicago',
  'max',
  '1',
  '90',
  'olive',
];
const BRANDS = ['Nike', 'Jordan', 'adidas', 'New Balance'];

const productArb = fc.record({
  nameWords: fc.array(fc.constantFrom(...VOCAB), { minLength: 1, maxLength: 4 }),
  brand: fc.constantFrom(...BRANDS),
  productType: fc.constantFrom('sneakers', 'apparel'),
  sku: fc.tuple(
    fc.constantFrom('DD', 'GW', 'M9'),
    fc.integer({ min: 1000, max: 1020 }),
    fc.integer({ min: 100, max: 103 }),
  ),
  release: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  updated: fc.integer({ min: 0, max: 40 }),
});

type ProductSpec = typeof productArb extends fc.Arbitrary<infer T> ? T : never;

function toProducts(specs: ProductSpec[]): Product[] {
  return specs.map((s, i) => ({
    ...product({ name: s.nameWords.join(' '), sku: `${s.sku[0]}${s.sku[1]}-${s.sku[2]}` }),
    id: `q-${String(i).padStart(3, '0')}`,
    brand: s.brand,
    productType: s.productType,
    releaseDate:
      s.release === null ? null : new Date(Date.UTC(2020, 0, 1 + s.release)).toISOString().slice(0, 10),
    updatedAt: new Date(Date.UTC(2024, 0, 1 + s.updated)).toISOString(),
  }));
}

/** The rules read literally, product by product. */
function bruteForce(products: Product[], req: SearchRequest): Product[] {
  const q = req.q ?? '';
  const queryWords = [...new Set(words(q))];
  const code = styleCodeQuery(q);
  const contains = (value: string, filter?: string) =>
    !filter?.trim() || value.toLowerCase().includes(filter.trim().toLowerCase());
  const hits = products.filter((p) => {
    if (!contains(p.brand, req.brand) || !contains(p.productType, req.productType)) return false;
    if (queryWords.length === 0) return true;
    const docWords = [...words(p.name), ...words(p.brand), ...words(p.productType), ...words(p.sku)];
    const byWords = queryWords.every((w) =>
      docWords.some((d) => d.startsWith(w) || (isTypoWord(w) && isTypoWord(d) && isOneSlip(w, d))),
    );
    return byWords || (code !== undefined && styleCodeKey(p.sku).startsWith(code));
  });
  const day = (p: Product) => (p.releaseDate === null ? -Infinity : Date.parse(p.releaseDate));
  return hits.sort((a, b) =>
    req.order === 'updated'
      ? b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id)
      : day(b) - day(a) || b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id),
  );
}

/** Queries built from the products' own words, partial words, typos and style codes. */
const queryArb = fc.oneof(
  fc
    .array(fc.constantFrom(...VOCAB, 'nik', 'new bal', 'adi', 'appar', 'jordam', 'retor', 'xyz'), {
      maxLength: 3,
    })
    .map((w) => w.join(' ')),
  fc
    .tuple(
      fc.constantFrom('DD', 'gw', 'm9'),
      fc.integer({ min: 1000, max: 1020 }),
      fc.constantFrom('', '-', ' '),
      fc.constantFrom('', '1', '10', '101'),
    )
    .map(([a, b, sep, c]) => `${a}${b}${sep}${c}`),
);
const reqArb = fc.record({
  q: queryArb,
  brand: fc.option(fc.constantFrom('nik', 'JORDAN', 'balance', 'a'), { nil: undefined }),
  productType: fc.option(fc.constantFrom('snea', 'APP'), { nil: undefined }),
  order: fc.constantFrom('release' as const, 'updated' as const),
  offset: fc.integer({ min: 0, max: 30 }),
  limit: fc.integer({ min: 0, max: 30 }),
});

describe('properties', () => {
  it('returns exactly the brute-force total and page, in order', () => {
    fc.assert(
      fc.property(fc.array(productArb, { maxLength: 60 }), reqArb, (specs, req) => {
        const products = toProducts(specs);
        const expected = bruteForce(products, req);
        const got = CatalogIndex.build(products).search(req);
        expect(got.total).toBe(expected.length);
        expect(got.products.length).toBeLessThanOrEqual(req.limit);
        expect(got.products.map((p) => p.id)).toEqual(
          expected.slice(req.offset, req.offset + req.limit).map((p) => p.id),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('after upserts and removals, answers as an index built from the survivors (and so does its snapshot)', () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { minLength: 1, maxLength: 40 }),
        fc.array(productArb, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        reqArb,
        fc.boolean(),
        (base, changes, removals, req, fromSnapshot) => {
          const products = toProducts(base);
          // From a snapshot, the base docs are bytes and their ids load on the first change.
          const built = CatalogIndex.build(products);
          const live = fromSnapshot ? CatalogIndex.fromSnapshot(built.toSnapshot()) : built;
          // Changes reuse the first ids (updates) and add new ones.
          const changed = toProducts(changes).map((p, i) => ({
            ...p,
            id: `q-${String(i * 2).padStart(3, '0')}`,
          }));
          live.upsert(changed);
          const removed = removals.map((n) => products[n % products.length]!.id);
          live.remove(removed);
          const survivors = new Map(products.map((p) => [p.id, p]));
          for (const p of changed) survivors.set(p.id, p);
          for (const id of removed) survivors.delete(id);
          const expected = bruteForce([...survivors.values()], req);
          const got = live.search(req);
          expect(live.size).toBe(survivors.size);
          expect(got.total).toBe(expected.length);
          expect(got.products.map((p) => p.id)).toEqual(
            expected.slice(req.offset, req.offset + req.limit).map((p) => p.id),
          );
          expect(CatalogIndex.fromSnapshot(live.toSnapshot()).search(req)).toEqual(got);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('upserting new products then removing them restores every result', () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { maxLength: 40 }),
        fc.array(productArb, { minLength: 1, maxLength: 10 }),
        reqArb,
        (base, extra, req) => {
          const live = CatalogIndex.build(toProducts(base));
          const before = live.search(req);
          const added = toProducts(extra).map((p) => ({ ...p, id: `new-${p.id}` }));
          live.upsert(added);
          live.remove(added.map((p) => p.id));
          expect(live.search(req)).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  });
});
