import { describe, expect, it } from 'vitest';
import type { Sale } from '@sneakers/shared/contracts/sales';
import { addPair, basketTotals, EMPTY_BASKET, finalPrices, saleBodies, updateLine } from '../model/basket';
import { buildCounterIndex, findScanned } from '../model/counter-index';
import { daySummary, daySummaryCsv } from '../model/day-summary';
import { flushOutbox, type OutboxEntry, type OutboxStore } from '../model/outbox';
import { counterItem } from './fixtures';

describe('finding a scanned box', () => {
  const index = buildCounterIndex([
    counterItem(),
    counterItem({ id: 'it-2', sizes: ['42'], codes: [{ gtin: '00195866123456', size: '42' }] }),
  ]);

  it('finds the pairs of a UPC, its EAN-13 and its GTIN-14 alike, and a typed style code in any format', () => {
    for (const code of ['195866123456', '0195866123456', '00195866123456']) {
      const match = findScanned(index, code);
      expect(match.kind === 'pairs' && match.pairs.map((p) => [p.item.id, p.size])).toEqual([
        ['it-1', '42'],
        ['it-2', '42'],
      ]);
    }
    const typed = findScanned(index, ' dd1391 100 ');
    expect(typed.kind === 'pairs' && typed.pairs.map((p) => p.size)).toEqual(['42', '43', '42']);
  });

  it('names an unknown barcode as a GTIN for the catalogue, and other text as no GTIN', () => {
    expect(findScanned(index, '4006381333931')).toEqual({
      kind: 'unknown',
      code: '4006381333931',
      gtin: '04006381333931',
    });
    expect(findScanned(index, 'constructor')).toEqual({ kind: 'unknown', code: 'constructor', gtin: null });
    expect(findScanned(index, '__proto__').kind).toBe('unknown');
  });

  it('leaves out pairs already in the basket or waiting to sync, but not a bulk item', () => {
    const held = new Set(['it-1#42']);
    const match = findScanned(
      buildCounterIndex([counterItem(), counterItem({ id: 'b', isBulk: true })], held),
      '195866123456',
    );
    expect(match.kind === 'pairs' && match.pairs.map((p) => p.item.id)).toEqual(['b']);
  });
});

describe('the basket', () => {
  const pair = (id: string, askingPrice: number | null) => ({
    item: counterItem({ id, askingPrice }),
    size: '42',
  });

  it('adds a pair once at its asking price, and shares a basket discount in proportion, to the cent', () => {
    let basket = addPair(EMPTY_BASKET, pair('a', 10_000));
    basket = addPair(basket, pair('a', 10_000));
    basket = addPair(basket, pair('b', 20_001));
    basket = addPair(basket, pair('c', null));
    expect(basket.lines.map((l) => l.price)).toEqual([10_000, 20_001, 0]);
    basket = updateLine({ ...basket, discount: 1_000 }, basket.lines[0]!.key, { discount: 500 });
    expect(finalPrices(basket)).toEqual([9_178, 19_323, 0]);
    expect(basketTotals(basket)).toEqual({ subtotal: 30_001, discounts: 1_500, total: 28_501, units: 3 });
  });

  it('never takes a price below zero', () => {
    const basket = { ...addPair(EMPTY_BASKET, pair('a', 1_000)), discount: 5_000 };
    expect(finalPrices(basket)).toEqual([0]);
  });

  it('makes one commerce sale per line with the payment method and the buyer', () => {
    const basket = addPair(addPair(EMPTY_BASKET, pair('a', 10_000)), pair('b', 12_000));
    const walkIn = saleBodies(
      basket,
      'cash',
      { clientId: null, buyerName: 'Walk-in customer' },
      '2026-11-29',
    );
    expect(walkIn).toEqual([
      expect.objectContaining({
        source: 'inventory',
        itemId: 'a',
        size: '42',
        salePrice: 10_000,
        paymentMethod: 'cash',
        buyerName: 'Walk-in customer',
        saleDate: '2026-11-29',
      }),
      expect.objectContaining({ itemId: 'b', salePrice: 12_000 }),
    ]);
    const client = saleBodies(basket, 'card', { clientId: 'c-1', buyerName: 'Ana' }, '2026-11-29');
    expect(client[0]).toMatchObject({ clientId: 'c-1', paymentMethod: 'card' });
    expect(client[0]).not.toHaveProperty('buyerName');
  });
});

const sale = (over: Partial<Sale>): Sale =>
  ({
    id: 's',
    source: 'inventory',
    sku: 'DD1391-100',
    name: 'Dunk Low Panda',
    size: '42',
    quantity: 1,
    salePrice: 10_000,
    currency: 'EUR',
    buyerName: 'Walk-in customer',
    paymentMethod: 'cash',
    createdAt: '2026-11-29T10:15:00.000Z',
    ...over,
  }) as Sale;

describe('the end of the day', () => {
  const sales = [
    sale({ id: '1' }),
    sale({ id: '2', salePrice: 20_000, paymentMethod: 'card', createdAt: '2026-11-29T09:00:00.000Z' }),
    sale({ id: '3', salePrice: 5_000 }),
    sale({ id: '4', salePrice: 7_000, paymentMethod: null, quantity: 2, name: '=HYPERLINK("x")' }),
  ];

  it('sums sales by payment method, the cash expected and the pairs sold', () => {
    const summary = daySummary(sales);
    expect(summary.rows.map((r) => [r.method, r.sales, r.units, r.amount])).toEqual([
      ['cash', 2, 2, 15_000],
      ['card', 1, 1, 20_000],
      ['other', 1, 2, 7_000],
    ]);
    expect(summary.cash).toEqual({ EUR: 15_000 });
    expect(summary.units).toBe(5);
  });

  it('writes the CSV in time order with formula cells neutralised and the totals below', () => {
    const csv = daySummaryCsv('2026-11-29', sales, daySummary(sales)).split('\r\n');
    expect(csv[0]).toBe('date,time,sku,name,size,buyer,payment_method,price,currency');
    expect(csv[1]).toBe('2026-11-29,09:00,DD1391-100,Dunk Low Panda,42,Walk-in customer,card,200.00,EUR');
    expect(csv).toContain(
      `2026-11-29,10:15,DD1391-100,"'=HYPERLINK(""x"")",42,Walk-in customer,other,70.00,EUR`,
    );
    expect(csv).toContain('total,cash,2,2,150.00,EUR');
  });
});

describe('the outbox', () => {
  const entry = (key: string, createdAt: string): OutboxEntry => ({
    key,
    userId: 'u-1',
    body: { source: 'inventory', itemId: key, size: '42', salePrice: 100 },
    label: { sku: 'X', name: key, size: '42' },
    state: 'waiting',
    error: null,
    createdAt,
  });
  function memoryStore(entries: OutboxEntry[]): OutboxStore & { all: Map<string, OutboxEntry> } {
    const all = new Map(entries.map((e) => [e.key, e]));
    return {
      all,
      entries: async (userId) => [...all.values()].filter((e) => e.userId === userId),
      put: async (e) => void all.set(e.key, e),
      remove: async (key) => void all.delete(key),
    };
  }
  const classify = (error: unknown) =>
    error === 'offline'
      ? ({ retry: true } as const)
      : ({ retry: false, conflict: error === 'sold', code: String(error), message: 'No' } as const);

  it('sends in order, removes what was recorded, marks a pair sold elsewhere as a conflict', async () => {
    const store = memoryStore([entry('b', '2'), entry('a', '1'), entry('c', '3')]);
    const sent: string[] = [];
    const result = await flushOutbox(
      store,
      'u-1',
      async (e) => {
        sent.push(e.key);
        if (e.key === 'b') throw 'sold';
      },
      classify,
    );
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ sent: 2, conflicts: 1, waiting: 0 });
    expect([...store.all.values()].map((e) => [e.key, e.state])).toEqual([['b', 'conflict']]);
  });

  it('stops at the first sale that got no answer and keeps it and the rest waiting, with their keys', async () => {
    const store = memoryStore([entry('a', '1'), entry('b', '2'), { ...entry('x', '0'), userId: 'other' }]);
    const result = await flushOutbox(
      store,
      'u-1',
      async () => {
        throw 'offline';
      },
      classify,
    );
    expect(result).toEqual({ sent: 0, conflicts: 0, waiting: 2 });
    expect([...store.all.keys()].sort()).toEqual(['a', 'b', 'x']);
  });
});
