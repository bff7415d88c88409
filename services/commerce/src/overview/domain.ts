import { requireUser, type Actor } from '@sneakers/shared/actor';
import { DAY_MS } from '@sneakers/shared/clock';
import {
  DEAD_STOCK_DAYS,
  DEAD_STOCK_SHOWN,
  type Overview,
  type OverviewPeriod,
} from '@sneakers/shared/contracts/overview';
import { DEFAULT_CURRENCY, type Currency } from '@sneakers/shared/money';
import { marginPercent } from '@sneakers/shared/rules/sale-money';
import type { BucketStats, StoreBalance } from '../ledger/ports';
import { periodRange } from './period';
import type { OverviewDeps } from './ports';

export const DEFAULT_PERIOD: OverviewPeriod = '30d';
export const BRANDS_SHOWN = 8;
export const TOP_SELLERS_SHOWN = 5;
export const OTHER_BRANDS = 'Other';

/**
 * The currency shown when none is asked for: the one the store sold most in, else the one
 * it holds most stock in.
 */
export function defaultCurrency(balances: readonly StoreBalance[]): Currency {
  const best = [...balances].sort((a, b) => b.sales - a.sales || b.stockValue - a.stockValue)[0];
  return best && (best.sales > 0 || best.stockValue > 0) ? best.currency : DEFAULT_CURRENCY;
}

function hasAnything(b: StoreBalance): boolean {
  return b.sales !== 0 || b.stockUnits !== 0 || b.stockValue !== 0 || b.deposits !== 0 || b.owed !== 0;
}

type Ranked = { revenue: number; units: number };

function sumBy<T extends Ranked>(rows: T[], key: (row: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    const seen = out.get(k);
    // A later row's labels win: rows come oldest first, so a product shows its latest name.
    out.set(k, seen ? { ...row, revenue: seen.revenue + row.revenue, units: seen.units + row.units } : row);
  }
  return out;
}

/** Brands by revenue (then units): the first BRANDS_SHOWN, then the rest summed as 'Other'. */
export function brandBreakdown(stats: readonly BucketStats[]): Overview['byBrand'] {
  const brands = [
    ...sumBy(
      stats.flatMap((s) => s.brands),
      (b) => b.brand,
    ).values(),
  ]
    .filter((b) => b.revenue !== 0 || b.units !== 0)
    .sort((a, b) => b.revenue - a.revenue || b.units - a.units || a.brand.localeCompare(b.brand));
  if (brands.length <= BRANDS_SHOWN) return brands;
  const rest = brands.slice(BRANDS_SHOWN);
  return [
    ...brands.slice(0, BRANDS_SHOWN),
    {
      brand: OTHER_BRANDS,
      revenue: rest.reduce((n, b) => n + b.revenue, 0),
      units: rest.reduce((n, b) => n + b.units, 0),
    },
  ];
}

/** Products by units sold, then revenue: the first TOP_SELLERS_SHOWN. */
export function topSellers(stats: readonly BucketStats[]): Overview['topSellers'] {
  return [
    ...sumBy(
      stats.flatMap((s) => s.products),
      (p) => p.sku,
    ).values(),
  ]
    .filter((p) => p.units > 0 || p.revenue > 0)
    .sort((a, b) => b.units - a.units || b.revenue - a.revenue || a.sku.localeCompare(b.sku))
    .slice(0, TOP_SELLERS_SHOWN);
}

/**
 * The store's overview for a period (default the last 30 days) and a currency (default the
 * one it sells most in), from the aggregates the ledger stream keeps: three requests at
 * most, the balances and the dead stock in parallel, then the period's figures (at once
 * when the currency is given).
 */
export async function getStoreOverview(
  deps: OverviewDeps,
  actor: Actor,
  query: { period?: OverviewPeriod; currency?: Currency },
): Promise<Overview> {
  const { userId } = requireUser(actor);
  const now = deps.clock.now();
  const period = query.period ?? DEFAULT_PERIOD;
  const range = periodRange(period, now);
  const key = (date: string) => (range.bucket === 'day' ? date : date.slice(0, 7));

  const statsOf = (currency: Currency) =>
    deps.reader.stats({
      storeUserId: userId,
      currency,
      bucket: range.bucket,
      from: key(range.from),
      to: key(range.to),
    });
  const balancesRead = deps.reader.storeBalances(userId);
  const deadRead = deps.reader.oldestInventory(userId, new Date(now.getTime() - DEAD_STOCK_DAYS * DAY_MS));
  const statsRead = query.currency ? statsOf(query.currency) : undefined;
  const balances = await balancesRead;
  const currency = query.currency ?? defaultCurrency(balances);
  const [stats, dead] = await Promise.all([statsRead ?? statsOf(currency), deadRead]);

  const byKey = new Map(stats.map((s) => [s.key, s.totals]));
  const total = (name: string) => stats.reduce((n, s) => n + (s.totals[name] ?? 0), 0);
  const revenue = total('revenue');
  const profit = total('profit');
  const balance = balances.find((b) => b.currency === currency);

  return {
    period,
    from: range.from,
    to: range.to,
    currency,
    currencies: balances
      .filter(hasAnything)
      .map((b) => b.currency)
      .sort(),
    totals: {
      revenue,
      cost: total('cost'),
      fees: total('fees'),
      profit,
      marginPercent: marginPercent(revenue, profit),
      units: total('units'),
      sales: total('sales'),
    },
    stock: { value: Math.max(0, balance?.stockValue ?? 0), units: Math.max(0, balance?.stockUnits ?? 0) },
    depositsHeld: Math.max(0, balance?.deposits ?? 0),
    owedToProviders: Math.max(0, balance?.owed ?? 0),
    bucket: range.bucket,
    series: range.buckets.map((date) => {
      const totals = byKey.get(date) ?? {};
      return { date, revenue: totals.revenue ?? 0, profit: totals.profit ?? 0, units: totals.units ?? 0 };
    }),
    byBrand: brandBreakdown(stats),
    topSellers: topSellers(stats),
    deadStock: dead.items.slice(0, DEAD_STOCK_SHOWN).map((item) => ({
      itemId: item.id,
      sku: item.sku,
      name: item.name,
      imageUrl: item.imageUrl,
      sizes: item.sizes,
      purchasePrice: item.purchasePrice,
      currency: item.currency,
      daysInStock: Math.floor((now.getTime() - Date.parse(item.createdAt)) / DAY_MS),
    })),
    deadStockMore: dead.more || dead.items.length > DEAD_STOCK_SHOWN,
  };
}
