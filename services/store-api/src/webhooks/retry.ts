import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_HOURS } from '@sneakers/shared/contracts/webhooks';

/**
 * When a failed delivery is tried again (docs/product/store-api.md#retries-and-the-delivery-log): the Standard
 * Webhooks schedule, ending past 24 hours after the first attempt. Index i is the wait after
 * the (i+1)-th failed attempt; after the last one the delivery is given up (`failed`).
 */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** The wait before the next attempt after `attempts` attempts failed, or null when none is left. */
export function nextRetryDelaySeconds(attempts: number): number | null {
  if (attempts < 1) return 0;
  return RETRY_DELAYS_SECONDS[attempts - 1] ?? null;
}

/** The total span the schedule retries for (checked against the promise of 24 hours). */
export const RETRY_SPAN_SECONDS = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
if (RETRY_SPAN_SECONDS < WEBHOOK_RETRY_HOURS * 3600)
  throw new Error('The retry schedule is shorter than promised');

/** SQS delays a message at most 15 minutes: a longer wait is a chain of these. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** True once an endpoint has failed, without a success in between, for the disabling span. */
export function failingLongEnough(failingSince: string | null, now: Date): boolean {
  if (failingSince === null) return false;
  return now.getTime() - Date.parse(failingSince) >= WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000;
}
