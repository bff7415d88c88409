import { OVERVIEW_PERIODS, type OverviewPeriod } from '@sneakers/shared';

/** The sales list's period filter: the overview's periods, or every sale. */
export const SALES_PERIODS = ['all', ...OVERVIEW_PERIODS] as const;
export type SalesPeriod = 'all' | OverviewPeriod;

/** An inclusive range of sale dates (YYYY-MM-DD); open ends are absent. */
export interface DateRange {
  from?: string;
  to?: string;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The dates a period covers, ending today (UTC, as the server dates sales): 7d is today and
 * the 6 days before it; 12m starts on the first day of the month 11 months back, as the
 * overview's monthly buckets do.
 */
export function periodRange(period: SalesPeriod, now: Date): DateRange {
  if (period === 'all') return {};
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const to = iso(today);
  if (period === 'ytd') return { from: `${today.getUTCFullYear()}-01-01`, to };
  if (period === '12m')
    return { from: iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1))), to };
  const days = period === '7d' ? 7 : period === '30d' ? 30 : 90;
  return { from: iso(new Date(today.getTime() - (days - 1) * 86_400_000)), to };
}
