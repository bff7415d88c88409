import { DAY_MS } from '@sneakers/shared/clock';
import type { OverviewPeriod } from '@sneakers/shared/contracts/overview';

export interface PeriodRange {
  /** Inclusive dates, UTC. */
  from: string;
  to: string;
  bucket: 'day' | 'month';
  /** Every bucket of the period in order: dates (YYYY-MM-DD) or months (YYYY-MM). */
  buckets: string[];
}

const DAYS: Partial<Record<OverviewPeriod, number>> = { '7d': 7, '30d': 30, '90d': 90 };

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const monthOf = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`;

/**
 * A period as dates, in UTC: the last 7, 30 or 90 days including today by day; the last
 * 12 months including this one, or this year so far, by month (the first month whole).
 */
export function periodRange(period: OverviewPeriod, now: Date): PeriodRange {
  const to = isoDate(now);
  const days = DAYS[period];
  if (days !== undefined) {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS;
    const buckets = Array.from({ length: days }, (_, i) => isoDate(new Date(start + i * DAY_MS)));
    return { from: buckets[0] ?? to, to, bucket: 'day', buckets };
  }
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const count = period === 'ytd' ? month + 1 : 12;
  const buckets = Array.from({ length: count }, (_, i) => {
    const m = month - (count - 1) + i;
    return monthOf(year + Math.floor(m / 12), ((m % 12) + 12) % 12);
  });
  return { from: `${buckets[0] ?? to.slice(0, 7)}-01`, to, bucket: 'month', buckets };
}
