import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { fixedClock } from '@sneakers/shared/clock';
import { overviewSchema } from '@sneakers/shared/contracts/overview';
import type { BucketStats, StoreBalance } from '../../src/ledger/ports';
import { brandBreakdown, defaultCurrency, getStoreOverview, topSellers } from '../../src/overview/domain';
import { periodRange } from '../../src/overview/period';
import type { OverviewReader } from '../../src/overview/ports';

const actor: Actor = { kind: 'user', userId: 'store-1', isSuperuser: false, isDemo: true };
const NOW = '2026-03-14T10:00:00Z';

function balance(overrides: Partial<StoreBalance>): StoreBalance {
  return {
    currency: 'EUR',
    stockValue: 0,
    stockUnits: 0,
    deposits: 0,
    owed: 0,
    unpaid: 0,
    sales: 0,
    ...overrides,
  };
}

function bucket(key: string, revenue: number, extra: Partial<BucketStats> = {}): BucketStats {
  return {
    key,
    totals: { revenue, cost: revenue / 2, fees: 0, profit: revenue / 2, units: 1, sales: 1 },
    brands: [],
    products: [],
    ...extra,
  };
}

describe('overview periods (UTC)', () => {
  it.each([
    ['7d', '2026-03-08', 'day', 7],
    ['30d', '2026-02-13', 'day', 30],
    ['90d', '2025-12-15', 'day', 90],
    ['12m', '2025-04-01', 'month', 12],
    ['ytd', '2026-01-01', 'month', 3],
  ] as const)('%s runs from %s to today by %s, every bucket listed', (period, from, bucketKind, count) => {
    const range = periodRange(period, new Date(NOW));
    expect(range).toMatchObject({ from, to: '2026-03-14', bucket: bucketKind });
    expect(range.buckets).toHaveLength(count);
    expect(range.buckets.at(-1)).toBe(bucketKind === 'day' ? '2026-03-14' : '2026-03');
    expect(range.buckets[0]).toBe(bucketKind === 'day' ? from : from.slice(0, 7));
  });

  it('takes the date in UTC, whatever the hour', () => {
    expect(periodRange('7d', new Date('2026-03-14T23:59:59Z')).to).toBe('2026-03-14');
    expect(periodRange('12m', new Date('2026-01-01T00:00:00Z')).buckets.slice(0, 2)).toEqual([
      '2025-02',
      '2025-03',
    ]);
  });
});

describe('overview figures', () => {
  it('shows the top 8 brands by revenue and sums the rest as Other', () => {
    const brands = Array.from({ length: 10 }, (_, i) => ({
      brand: `B${i}`,
      revenue: (i + 1) * 100,
      units: 1,
    }));
    const out = brandBreakdown([
      bucket('2026-03-13', 0, { brands: brands.slice(0, 5) }),
      bucket('2026-03-14', 0, { brands: brands.slice(5) }),
    ]);
    expect(out.map((b) => b.brand)).toEqual(['B9', 'B8', 'B7', 'B6', 'B5', 'B4', 'B3', 'B2', 'Other']);
    expect(out.at(-1)).toEqual({ brand: 'Other', revenue: 300, units: 2 });
  });

  it('sums a product over the period and ranks by units, then revenue, with its latest name', () => {
    const out = topSellers([
      bucket('2026-03-13', 0, {
        products: [
          { sku: 'A', name: 'Old name', revenue: 100, units: 2 },
          { sku: 'B', name: 'B', revenue: 500, units: 2 },
        ],
      }),
      bucket('2026-03-14', 0, { products: [{ sku: 'A', name: 'New name', revenue: 100, units: 1 }] }),
    ]);
    expect(out).toEqual([
      { sku: 'A', name: 'New name', revenue: 200, units: 3 },
      { sku: 'B', name: 'B', revenue: 500, units: 2 },
    ]);
  });

  it('defaults to the currency sold most in, then the one with most stock, then EUR', () => {
    expect(defaultCurrency([balance({ sales: 1 }), balance({ currency: 'USD', sales: 3 })])).toBe('USD');
    expect(defaultCurrency([balance({ stockValue: 10 }), balance({ currency: 'GBP', stockValue: 99 })])).toBe(
      'GBP',
    );
    expect(defaultCurrency([])).toBe('EUR');
  });

  it('answers the period with every bucket, totals, margin and balances from three reads (a demo user may read)', async () => {
    const calls: string[] = [];
    const reader: OverviewReader = {
      storeBalances: async (store) => {
        calls.push(`balances ${store}`);
        return [
          balance({ sales: 2, stockValue: 30_000, stockUnits: 3, deposits: 5_000, owed: 7_000 }),
          balance({ currency: 'USD' }),
        ];
      },
      stats: async (q) => {
        calls.push(`stats ${q.storeUserId} ${q.currency} ${q.bucket} ${q.from}..${q.to}`);
        return [bucket('2026-03-10', 10_000), bucket('2026-03-14', 20_000)];
      },
      oldestInventory: async (store, before) => {
        calls.push(`dead ${store} ${before.toISOString()}`);
        return {
          items: [
            {
              id: 'i1',
              sku: 'S',
              name: 'Old pair',
              imageUrl: null,
              sizes: ['42'],
              purchasePrice: 9_000,
              currency: 'EUR',
              createdAt: '2025-11-01T10:00:00Z',
            },
          ],
          more: false,
        };
      },
    };
    const overview = await getStoreOverview({ reader, clock: fixedClock(NOW) }, actor, { period: '7d' });
    expect(overviewSchema.safeParse(overview).success).toBe(true);
    expect(calls.sort()).toEqual([
      'balances store-1',
      'dead store-1 2025-12-14T10:00:00.000Z',
      'stats store-1 EUR day 2026-03-08..2026-03-14',
    ]);
    expect(overview).toMatchObject({
      currency: 'EUR',
      currencies: ['EUR'],
      totals: { revenue: 30_000, profit: 15_000, marginPercent: 50, units: 2, sales: 2 },
      stock: { value: 30_000, units: 3 },
      depositsHeld: 5_000,
      owedToProviders: 7_000,
      bucket: 'day',
      deadStock: [{ itemId: 'i1', daysInStock: 133 }],
      deadStockMore: false,
    });
    expect(overview.series.map((s) => s.revenue)).toEqual([0, 0, 10_000, 0, 0, 0, 20_000]);
  });

  it('refuses an anonymous caller', async () => {
    const reader: OverviewReader = {
      storeBalances: async () => [],
      stats: async () => [],
      oldestInventory: async () => ({ items: [], more: false }),
    };
    await expect(
      getStoreOverview({ reader, clock: fixedClock(NOW) }, { kind: 'anonymous' }, {}),
    ).rejects.toMatchObject({
      status: 401,
    });
  });
});
