import { describe, expect, it } from 'vitest';
import {
  candidateQueries,
  dealFigures,
  dealIndexRows,
  dealPriceOf,
  matchesOf,
  sizeKeyOf,
  sizesByPartner,
  takesPartInDeals,
  type DealItem,
  type DealOwnerFlags,
} from '../src/rules/deals';
import { percentOfCents } from '../src/money';

const wtb = (over: Partial<DealItem> = {}): DealItem => ({
  id: 'want-1',
  ownerId: 'store-1',
  role: 'store',
  listType: 'wtb',
  productCatalogId: null,
  sku: 'DD1391-100',
  brand: 'Nike',
  gender: 'men',
  sizes: ['US M 9'],
  isBulk: false,
  price: 150_00,
  currency: 'EUR',
  updatedAt: '2026-11-01T10:00:00.000Z',
  participates: true,
  demo: false,
  ...over,
});

const wts = (over: Partial<DealItem> = {}): DealItem =>
  wtb({ id: 'have-1', ownerId: 'reseller-1', role: 'reseller', listType: 'wts', price: 140_00, ...over });

const sizesOf = (a: DealItem, b: DealItem) => matchesOf(a, b).map((m) => [m.wantSize, m.haveSize]);

describe('same product', () => {
  it.each(['DD1391-100', 'dd1391 100', 'DD1391100', ' dd-1391.100 '])(
    'style code %s is DD1391-100',
    (sku) => {
      expect(sizesOf(wtb(), wts({ sku }))).toEqual([['US M 9', 'US M 9']]);
    },
  );

  it('another style code is another product, unless both are the same catalogue product', () => {
    expect(matchesOf(wtb(), wts({ sku: 'DD1391-101' }))).toEqual([]);
    expect(
      sizesOf(wtb({ productCatalogId: 'p1' }), wts({ sku: 'DD1391-101', productCatalogId: 'p1' })),
    ).toHaveLength(1);
    expect(
      matchesOf(wtb({ productCatalogId: 'p1', sku: 'A1' }), wts({ productCatalogId: 'p2', sku: 'B2' })),
    ).toEqual([]);
  });

  it('a style code with no letter or digit names no product', () => {
    expect(matchesOf(wtb({ sku: '--' }), wts({ sku: ' - ' }))).toEqual([]);
  });
});

describe('same size, through the brand chart', () => {
  it('Nike men: US M 9 = EU 42.5 = UK 8 = a bare 42.5', () => {
    for (const size of ['EU 42.5', 'UK 8', '42.5', '42,5 EU', 'US 9', 'M 9']) {
      expect(sizesOf(wtb(), wts({ sizes: [size] })), size).toEqual([['US M 9', size]]);
    }
    expect(matchesOf(wtb(), wts({ sizes: ['EU 43'] }))).toEqual([]);
  });

  it('adidas US 9 is EU 42 2/3, not EU 42.5', () => {
    const adidas = { brand: 'adidas', sku: 'IE0421' };
    expect(sizesOf(wtb(adidas), wts({ ...adidas, sizes: ['EU 42 2/3'] }))).toEqual([['US M 9', 'EU 42 2/3']]);
    expect(sizesOf(wtb(adidas), wts({ ...adidas, sizes: ['UK 8.5'] }))).toEqual([['US M 9', 'UK 8.5']]);
    expect(matchesOf(wtb(adidas), wts({ ...adidas, sizes: ['EU 42.5'] }))).toEqual([]);
  });

  it('by gender: Nike women W 10.5 is EU 42.5, the same pair as men US 9', () => {
    expect(sizeKeyOf({ brand: 'Nike', gender: 'women' }, 'W 10.5')).toBe('eu:42.5');
    expect(sizeKeyOf({ brand: 'Nike', gender: 'women' }, 'W 9')).toBe('eu:40.5');
    expect(sizeKeyOf({ brand: 'Jordan', gender: null }, 'US 9')).toBe('eu:42.5');
  });

  it('a size the chart does not know matches only the same label', () => {
    expect(sizesOf(wtb({ sizes: ['9'] }), wts({ sizes: ['9'] }))).toEqual([['9', '9']]);
    expect(matchesOf(wtb({ sizes: ['9'] }), wts({ sizes: ['US 9'] }))).toEqual([]);
    expect(sizesOf(wtb({ sizes: ['XL'] }), wts({ sizes: ['xl'] }))).toEqual([['XL', 'xl']]);
  });

  it('BULK matches any size, on either side', () => {
    expect(sizesOf(wtb({ sizes: ['US 9', 'US 10'] }), wts({ sizes: ['BULK'], isBulk: true }))).toEqual([
      ['US 9', 'BULK'],
      ['US 10', 'BULK'],
    ]);
    expect(sizesOf(wtb({ sizes: ['bulk'] }), wts({ sizes: ['EU 42.5', 'UK 9'] }))).toEqual([
      ['BULK', 'EU 42.5'],
      ['BULK', 'UK 9'],
    ]);
    expect(sizesOf(wtb({ sizes: [], isBulk: true }), wts({ sizes: ['BULK'] }))).toEqual([['BULK', 'BULK']]);
  });
});

describe('quantity: each stored size is one pair', () => {
  it('two wanted pairs of one size take two pairs on offer, never one pair twice', () => {
    expect(sizesOf(wtb({ sizes: ['US 9', 'EU 42.5'] }), wts({ sizes: ['UK 8'] }))).toEqual([
      ['US 9', 'UK 8'],
    ]);
    expect(sizesOf(wtb({ sizes: ['US 9'] }), wts({ sizes: ['UK 8', 'EU 42.5'] }))).toEqual([
      ['US 9', 'UK 8'],
    ]);
    expect(sizesOf(wtb({ sizes: ['US 9', 'EU 42.5'] }), wts({ sizes: ['UK 8', '42.5'] }))).toEqual([
      ['US 9', 'UK 8'],
      ['EU 42.5', '42.5'],
    ]);
  });

  it('N of your M sizes from one partner, across their items', () => {
    const want = wtb({ sizes: ['US 8', 'US 9', 'US 10', 'US 11'] });
    const partner = [
      wts({ id: 'a', sizes: ['EU 42.5', 'UK 9'] }),
      wts({ id: 'b', listType: 'inventory', sizes: ['US 8', 'UK 8'] }),
      wts({ id: 'c', ownerId: 'someone-else', sizes: ['US 11'] }),
    ];
    expect(sizesByPartner(want, partner)).toEqual(
      new Map([
        ['reseller-1', { filled: 3, of: 4 }],
        ['someone-else', { filled: 1, of: 4 }],
      ]),
    );
    expect(sizesByPartner(want, [wts({ sku: 'OTHER1' })])).toEqual(new Map());
  });
});

describe('who takes part', () => {
  const owner: DealOwnerFlags = {
    profileVisibleInDeals: true,
    publicInventory: false,
    publicWtbList: true,
    publicWtsList: true,
    publicWtcList: false,
  };

  it('a public pending item on a public list, or opted-in unsold inventory', () => {
    const item = { visibility: 'public', status: 'pending' };
    expect(takesPartInDeals({ ...item, listType: 'wtb' }, owner)).toBe(true);
    expect(takesPartInDeals({ ...item, listType: 'wtc' }, owner)).toBe(false);
    expect(takesPartInDeals({ ...item, listType: 'wts', visibility: 'private' }, owner)).toBe(false);
    expect(takesPartInDeals({ ...item, listType: 'wts', status: 'sold' }, owner)).toBe(false);
    const pair = { listType: 'inventory', visibility: 'private', status: 'available' } as const;
    expect(takesPartInDeals(pair, owner)).toBe(false);
    expect(takesPartInDeals(pair, { ...owner, publicInventory: true })).toBe(true);
    expect(takesPartInDeals({ ...pair, status: 'sold' }, { ...owner, publicInventory: true })).toBe(false);
  });

  it('profile_visible_in_deals off takes every item out', () => {
    const off = { ...owner, profileVisibleInDeals: false, publicInventory: true };
    expect(takesPartInDeals({ listType: 'wtb', visibility: 'public', status: 'pending' }, off)).toBe(false);
    expect(takesPartInDeals({ listType: 'inventory', visibility: 'private', status: 'available' }, off)).toBe(
      false,
    );
  });

  it('an item out of deals matches nothing, on either side', () => {
    expect(matchesOf(wtb({ participates: false }), wts())).toEqual([]);
    expect(matchesOf(wtb(), wts({ participates: false }))).toEqual([]);
    expect(dealIndexRows(wtb({ participates: false }))).toEqual([]);
    expect(candidateQueries(wtb({ participates: false }))).toEqual([]);
  });

  it('never the same owner', () => {
    expect(matchesOf(wtb(), wts({ ownerId: 'store-1' }))).toEqual([]);
  });

  it('demo items match only demo items', () => {
    expect(matchesOf(wtb({ demo: true }), wts())).toEqual([]);
    expect(matchesOf(wtb(), wts({ demo: true }))).toEqual([]);
    expect(matchesOf(wtb({ demo: true }), wts({ demo: true }))).toHaveLength(1);
    expect(dealIndexRows(wtb({ demo: true }))[0]?.pk).toContain('#demo#');
  });

  it("a store's WTB with a reseller's WTS, WTC or inventory; never two wants or two stores", () => {
    for (const listType of ['wts', 'wtc', 'inventory'] as const) {
      expect(matchesOf(wtb(), wts({ listType })), listType).toHaveLength(1);
    }
    expect(matchesOf(wtb(), wtb({ id: 'x', ownerId: 'store-2' }))).toEqual([]);
    expect(matchesOf(wtb(), wts({ role: 'store' }))).toEqual([]);
    expect(matchesOf(wtb({ role: 'reseller' }), wts())).toEqual([]);
  });
});

describe('deal figures', () => {
  it('gap, ready to trade, and the net margin after a store fee or reseller shipping', () => {
    const want = wtb({ price: 150_00 });
    expect(dealFigures(want, wts({ price: 140_00 }), { role: 'store', resaleFeeBasisPoints: 1000 })).toEqual({
      gap: -10_00,
      readyToTrade: true,
      netMargin: 150_00 - 140_00 - 14_00,
    });
    expect(dealFigures(want, wts({ price: 150_00 }), { role: 'reseller', shippingCents: 12_50 })).toEqual({
      gap: 0,
      readyToTrade: true,
      netMargin: -12_50,
    });
    expect(dealFigures(want, wts({ price: 180_00 }), { role: 'reseller', shippingCents: 0 })).toEqual({
      gap: 30_00,
      readyToTrade: false,
      netMargin: -30_00,
    });
  });

  it('no figures without both prices or across currencies', () => {
    const fees = { role: 'reseller', shippingCents: 0 } as const;
    expect(dealFigures(wtb({ price: null }), wts(), fees)).toBeNull();
    expect(dealFigures(wtb(), wts({ currency: 'GBP' }), fees)).toBeNull();
  });

  it('a percentage of cents rounds halves up, in integers', () => {
    expect(percentOfCents(999, 1250)).toBe(125); // 124.875
    expect(percentOfCents(100, 50)).toBe(1); // 0.5
    expect(percentOfCents(100, 49)).toBe(0);
    expect(percentOfCents(-100, 50)).toBe(-1);
    expect(() => percentOfCents(1.5, 100)).toThrow(RangeError);
  });

  it("each list's price", () => {
    const prices = { targetPrice: 1, desiredPrice: 2, askingPrice: 3 };
    expect(
      ['wtb', 'wts', 'wtc', 'inventory'].map((listType) => dealPriceOf({ ...prices, listType } as never)),
    ).toEqual([1, 2, 2, 3]);
  });
});

describe('index keys', () => {
  it('one row per product key and size key; the queries stay on the other side', () => {
    const want = wtb({ productCatalogId: 'p1', sizes: ['US 9', 'EU 42.5', 'US 10'] });
    expect(dealIndexRows(want)).toEqual([
      { pk: 'DEALIDX#live#want#cat:p1', sk: 'eu%3A42.5#want-1' },
      { pk: 'DEALIDX#live#want#cat:p1', sk: 'eu%3A44#want-1' },
      { pk: 'DEALIDX#live#want#sku:DD1391100', sk: 'eu%3A42.5#want-1' },
      { pk: 'DEALIDX#live#want#sku:DD1391100', sk: 'eu%3A44#want-1' },
    ]);
    expect(candidateQueries(wtb({ sizes: ['US 9'] }))).toEqual([
      { pk: 'DEALIDX#live#have#sku:DD1391100', skPrefix: 'eu%3A42.5#' },
      { pk: 'DEALIDX#live#have#sku:DD1391100', skPrefix: 'BULK#' },
    ]);
    expect(candidateQueries(wts({ sizes: ['BULK'] }))).toEqual([{ pk: 'DEALIDX#live#want#sku:DD1391100' }]);
  });
});
