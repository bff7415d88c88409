import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDeltas,
  BOOKING_ENTITY,
  CONSIGNMENT_ENTITY,
  deltaOf,
  ITEM_ENTITY,
  rowId,
  SALE_ENTITY,
  valueOf,
  type AggregateRow,
} from '../../src/ledger/deltas';

const STORE = 'store-1';
const storeRow: AggregateRow = { kind: 'store', storeUserId: STORE, currency: 'EUR' };

function item(overrides: Record<string, unknown> = {}) {
  return {
    __edb_e__: ITEM_ENTITY,
    userId: STORE,
    listType: 'inventory',
    id: '01J0000000000000000000ITEM',
    status: 'available',
    isBulk: false,
    sizes: ['42', '43'],
    purchasePrice: 10_000,
    currency: 'EUR',
    ...overrides,
  };
}

function booking(overrides: Record<string, unknown> = {}) {
  return {
    __edb_e__: BOOKING_ENTITY,
    storeUserId: STORE,
    clientId: 'c1',
    bookingId: 'b1',
    status: 'active',
    prepaidAmount: 5_000,
    currency: 'EUR',
    ...overrides,
  };
}

function consignment(overrides: Record<string, unknown> = {}) {
  return {
    __edb_e__: CONSIGNMENT_ENTITY,
    storeUserId: STORE,
    providerId: 'p1',
    id: 'k1',
    status: 'sold',
    price: 12_000,
    currency: 'EUR',
    ...overrides,
  };
}

function sale(overrides: Record<string, unknown> = {}) {
  return {
    __edb_e__: SALE_ENTITY,
    storeUserId: STORE,
    id: 's1',
    currency: 'EUR',
    saleDate: '2026-03-14',
    salePrice: 20_000,
    purchasePrice: 12_000,
    fees: 1_500,
    quantity: 1,
    sku: 'DD1391-100',
    name: 'Dunk Low Panda',
    brand: 'Nike',
    ...overrides,
  };
}

/** The counters a change adds to one aggregate row. */
function addsTo(row: AggregateRow, deltas: ReturnType<typeof deltaOf>) {
  return deltas.find((d) => rowId(d.row) === rowId(row))?.add ?? {};
}

describe('ledger deltas', () => {
  it.each([
    ['an available inventory item: price × pairs', item(), { stockValue: 20_000, stockUnits: 2 }],
    [
      'a BULK item counts as one pair',
      item({ isBulk: true, sizes: ['40', '41', '42'] }),
      { stockValue: 10_000, stockUnits: 1 },
    ],
    [
      'no purchase price: units at no value',
      item({ purchasePrice: undefined }),
      { stockUnits: 2, stockValue: 0 },
    ],
    ['a sold item is not stock', item({ status: 'sold' }), {}],
    ['a pending item is not stock', item({ status: 'pending' }), {}],
    ['a want-to-sell item is not stock', item({ listType: 'wts' }), {}],
    ['an active booking holds its deposit', booking(), { deposits: 5_000 }],
    ['a found booking holds its deposit', booking({ status: 'found' }), { deposits: 5_000 }],
    ['a completed booking does not', booking({ status: 'completed' }), {}],
    ['a cancelled booking does not', booking({ status: 'cancelled' }), {}],
    ['a sold, unpaid consignment is owed', consignment(), { owed: 12_000, unpaid: 1 }],
    ['a paid consignment is not', consignment({ paymentId: 'pay1' }), {}],
    ['an in-stock consignment is not', consignment({ status: 'in_stock' }), {}],
    ['a sale counts once per currency', sale(), { sales: 1 }],
  ])('%s', (_name, image, expected) => {
    const store = valueOf(image.__edb_e__, image).find((d) => rowId(d.row) === rowId(storeRow));
    const values = Object.fromEntries(Object.entries(store?.add ?? {}).map(([k, v]) => [k, v]));
    expect(values).toEqual(expected);
  });

  it("adds a sale to its day's and month's figures, by brand and by product", () => {
    const deltas = deltaOf(SALE_ENTITY, undefined, sale({ quantity: 2 }));
    const expected = {
      revenue: 20_000,
      cost: 12_000,
      fees: 1_500,
      profit: 6_500,
      units: 2,
      sales: 1,
      'br:Nike': 20_000,
      'bu:Nike': 2,
      'pr:DD1391-100': 20_000,
      'pu:DD1391-100': 2,
    };
    const day: AggregateRow = { kind: 'day', storeUserId: STORE, currency: 'EUR', date: '2026-03-14' };
    const month: AggregateRow = { kind: 'month', storeUserId: STORE, currency: 'EUR', month: '2026-03' };
    expect(addsTo(day, deltas)).toEqual(expected);
    expect(addsTo(month, deltas)).toEqual(expected);
    expect(deltas.find((d) => d.row.kind === 'day')?.labels).toEqual({ 'pn:DD1391-100': 'Dunk Low Panda' });
  });

  it('owes a sold consignment to the store and to its provider, and nothing once paid', () => {
    const sold = consignment();
    const provider: AggregateRow = {
      kind: 'provider',
      storeUserId: STORE,
      providerId: 'p1',
      currency: 'EUR',
    };
    expect(addsTo(provider, deltaOf(CONSIGNMENT_ENTITY, consignment({ status: 'in_stock' }), sold))).toEqual({
      owed: 12_000,
      unpaid: 1,
    });
    const paid = deltaOf(CONSIGNMENT_ENTITY, sold, consignment({ paymentId: 'pay1' }));
    expect(addsTo(provider, paid)).toEqual({ owed: -12_000, unpaid: -1 });
    expect(addsTo(storeRow, paid)).toEqual({ owed: -12_000, unpaid: -1 });
  });

  it('makes no delta when nothing the aggregates read changed', () => {
    expect(deltaOf(ITEM_ENTITY, item(), item({ notes: 'edited' }))).toEqual([]);
    expect(deltaOf(SALE_ENTITY, sale(), sale({ notes: 'shipped' }))).toEqual([]);
  });

  it('takes a size out of stock when one of two sizes sells, and the rest when the item is deleted', () => {
    const before = item();
    const after = item({ sizes: ['43'] });
    expect(addsTo(storeRow, deltaOf(ITEM_ENTITY, before, after))).toEqual({
      stockValue: -10_000,
      stockUnits: -1,
    });
    expect(addsTo(storeRow, deltaOf(ITEM_ENTITY, after, undefined))).toEqual({
      stockValue: -10_000,
      stockUnits: -1,
    });
  });

  it('moves stock between currencies when an item changes currency', () => {
    const deltas = deltaOf(ITEM_ENTITY, item(), item({ currency: 'USD' }));
    expect(addsTo(storeRow, deltas)).toEqual({ stockValue: -20_000, stockUnits: -2 });
    expect(addsTo({ ...storeRow, currency: 'USD' }, deltas)).toEqual({ stockValue: 20_000, stockUnits: 2 });
  });

  it('refuses a tracked row without the fields it reads, so the change is retried and then parked', () => {
    expect(() => deltaOf(SALE_ENTITY, undefined, { __edb_e__: SALE_ENTITY, storeUserId: STORE })).toThrow();
  });

  // Any history of one row, each change applied once in any order, leaves its value.
  type State = fc.Arbitrary<Record<string, unknown> | undefined>;
  const itemState: State = fc.option(
    fc.record({
      status: fc.constantFrom('available', 'pending', 'sold'),
      listType: fc.constantFrom('inventory', 'wtb'),
      isBulk: fc.boolean(),
      sizes: fc.array(fc.constantFrom('40', '41', '42', '43'), { maxLength: 4 }),
      purchasePrice: fc.option(fc.nat({ max: 100_000 }), { nil: undefined }),
      currency: fc.constantFrom('EUR', 'USD'),
    }),
    { nil: undefined },
  );
  const bookingState: State = fc.option(
    fc.record({
      status: fc.constantFrom('active', 'found', 'cancelled', 'completed'),
      prepaidAmount: fc.nat({ max: 100_000 }),
      currency: fc.constantFrom('EUR', 'GBP'),
    }),
    { nil: undefined },
  );
  const consignmentState: State = fc.option(
    fc.record({
      status: fc.constantFrom('in_stock', 'sold', 'returned'),
      price: fc.nat({ max: 100_000 }),
      paymentId: fc.option(fc.constant('pay1'), { nil: undefined }),
      providerId: fc.constantFrom('p1', 'p2'),
      currency: fc.constantFrom('EUR', 'USD'),
    }),
    { nil: undefined },
  );
  const saleState: State = fc.option(
    fc.record({
      saleDate: fc.constantFrom('2026-01-31', '2026-02-01', '2026-02-02'),
      salePrice: fc.nat({ max: 100_000 }),
      purchasePrice: fc.nat({ max: 100_000 }),
      fees: fc.nat({ max: 10_000 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      brand: fc.constantFrom('Nike', 'Adidas'),
      sku: fc.constantFrom('A-1', 'B-2'),
      currency: fc.constantFrom('EUR', 'USD'),
    }),
    { nil: undefined },
  );

  it.each([
    [ITEM_ENTITY, itemState, item] as const,
    [BOOKING_ENTITY, bookingState, booking] as const,
    [CONSIGNMENT_ENTITY, consignmentState, consignment] as const,
    [SALE_ENTITY, saleState, sale] as const,
  ])(
    '%s: the deltas of any sequence of states, in any order, sum to the value of the last state',
    (entity, state, image) => {
      fc.assert(
        fc.property(fc.array(state, { maxLength: 8 }), fc.integer(), (states, seed) => {
          const images = states.map((s) => (s ? image(s) : undefined));
          const changes = images.map((next, i) => deltaOf(entity, i === 0 ? undefined : images[i - 1], next));
          // Deltas commute: a redelivered batch applied in another order ends the same.
          const shuffled = changes
            .map((c, i) => ({ c, k: (Math.imul(i + 1, seed | 1) >>> 0) % 97 }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.c);
          const applied = applyDeltas(shuffled.flat());
          const last = images.at(-1);
          expect(applied).toEqual(applyDeltas(valueOf(entity, last)));
        }),
      );
    },
  );
});
