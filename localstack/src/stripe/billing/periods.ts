import type { Recurring, Subscription } from '../types';

/** Billing periods: their lengths, the retry schedule and the trial notice, in seconds. */

export const DAY = 86_400;
/** Retries after a failed charge, counted from the first failure (the brief's schedule). */
export const RETRY_DAYS = [3, 5, 7] as const;
export const TRIAL_WILL_END_SECONDS = 3 * DAY;

export function addInterval(seconds: number, interval: string, count = 1): number {
  const d = new Date(seconds * 1000);
  if (interval === 'day') return seconds + count * DAY;
  if (interval === 'week') return seconds + count * 7 * DAY;
  const months = interval === 'year' ? 12 * count : count;
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** A subscription's period is its first item's (every item shares it). */
export const periodEnd = (sub: Subscription) =>
  sub.items.data[0]?.current_period_end ?? sub.billing_cycle_anchor;
export const periodStart = (sub: Subscription) => sub.items.data[0]?.current_period_start ?? sub.start_date;

export function setPeriod(sub: Subscription, start: number, end: number) {
  sub.items.data = sub.items.data.map((i) => ({
    ...i,
    current_period_start: start,
    current_period_end: end,
  }));
}

/** The end of a period starting at `start` on a price's recurring interval (a month without one). */
export function nextPeriodEnd(recurring: Recurring | null | undefined, start: number) {
  return addInterval(start, recurring?.interval ?? 'month', recurring?.interval_count ?? 1);
}

/** The recurring interval a subscription bills on: its first item's price's. */
export const recurringOf = (sub: Subscription) => sub.items.data[0]?.price.recurring;
