/**
 * The store API's per-key limits (docs/product/store-api.md#limits), read by the pipeline that
 * enforces them, the OpenAPI document that publishes them and the docs. Pure: no I/O.
 *
 * The rate is a fixed window of API_RATE_WINDOW_SECONDS holding API_RATE_BURST requests:
 * 10 a second on average, with bursts of up to 20. A fixed window (not a token bucket) is
 * what one conditional UpdateItem can enforce atomically (docs/adr/0023).
 */
export const API_RATE_PER_SECOND = 10;
export const API_RATE_BURST = 20;
/** Burst / rate: the window the burst is counted in. */
export const API_RATE_WINDOW_SECONDS = API_RATE_BURST / API_RATE_PER_SECOND;
/** Requests per key per UTC day. */
export const API_DAILY_QUOTA = 10_000;
/**
 * How long API Gateway caches the authorizer's answer for one key in AWS (CDK's default):
 * with the authorizer's own per-container cache, what bounds how late a revocation bites.
 */
export const API_KEY_AUTHORIZER_CACHE_SECONDS = 300;
/** The authorizer's per-container cache of key lookups (hash → key record). */
export const API_KEY_LOOKUP_CACHE_SECONDS = 30;
/** Worst case, in AWS, between a revocation and the key's last accepted call. */
export const API_KEY_REVOCATION_BOUND_SECONDS =
  API_KEY_AUTHORIZER_CACHE_SECONDS + API_KEY_LOOKUP_CACHE_SECONDS;

export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_INVALID_CODE = 'API_KEY_INVALID';
export const RATE_LIMITED_CODE = 'RATE_LIMITED';

/** The usage counters of one key as stored: the current rate window and UTC day. */
export interface KeyUsage {
  /** Index of the rate window (epoch seconds / window). */
  window: number;
  windowCount: number;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  dayCount: number;
}

export const rateWindowOf = (now: Date) => Math.floor(now.getTime() / (API_RATE_WINDOW_SECONDS * 1000));
export const utcDayOf = (now: Date) => now.toISOString().slice(0, 10);

/** How the next request changes the stored counters: the update to try and what it needs. */
export type UsageStep = 'same-window' | 'new-window' | 'new-day';

/** Which update the next request needs, given the counters last seen (null: never used). */
export function usageStep(seen: KeyUsage | null, now: Date): UsageStep {
  if (!seen || seen.day !== utcDayOf(now)) return 'new-day';
  return seen.window === rateWindowOf(now) ? 'same-window' : 'new-window';
}

/** Why a request over the limits is refused, or null when it may run. */
export function refusalOf(stored: KeyUsage | null, now: Date): 'rate' | 'quota' | null {
  if (!stored) return null;
  const sameDay = stored.day === utcDayOf(now);
  if (sameDay && stored.dayCount >= API_DAILY_QUOTA) return 'quota';
  if (sameDay && stored.window === rateWindowOf(now) && stored.windowCount >= API_RATE_BURST) return 'rate';
  return null;
}

const secondsUntil = (ms: number, now: Date) => Math.max(1, Math.ceil((ms - now.getTime()) / 1000));
const nextWindowMs = (now: Date) => (rateWindowOf(now) + 1) * API_RATE_WINDOW_SECONDS * 1000;
const nextDayMs = (now: Date) => Date.parse(`${utcDayOf(now)}T00:00:00.000Z`) + 86_400_000;

/** Seconds until a refused request may be retried (the `Retry-After` header). */
export function retryAfterSeconds(reason: 'rate' | 'quota', now: Date): number {
  return secondsUntil(reason === 'quota' ? nextDayMs(now) : nextWindowMs(now), now);
}

/**
 * The `RateLimit-*` headers of an answer (IETF draft "RateLimit header fields for HTTP"), for
 * the counters after this request: the nearer of the two limits is the one reported.
 */
export function rateLimitHeaders(usage: KeyUsage, now: Date): Record<string, string> {
  const windowLeft = Math.max(0, API_RATE_BURST - usage.windowCount);
  const dayLeft = Math.max(0, API_DAILY_QUOTA - usage.dayCount);
  const quotaNearer = dayLeft < windowLeft;
  return {
    'ratelimit-limit': String(quotaNearer ? API_DAILY_QUOTA : API_RATE_BURST),
    'ratelimit-remaining': String(quotaNearer ? dayLeft : windowLeft),
    'ratelimit-reset': String(secondsUntil(quotaNearer ? nextDayMs(now) : nextWindowMs(now), now)),
    'ratelimit-policy': `${API_RATE_BURST};w=${API_RATE_WINDOW_SECONDS}, ${API_DAILY_QUOTA};w=86400`,
  };
}

export const rateLimitedMessage = (reason: 'rate' | 'quota', retryAfter: number) =>
  reason === 'quota'
    ? `This API key has used its ${API_DAILY_QUOTA.toLocaleString('en-US')} requests for today (UTC). Try again in ${retryAfter} seconds.`
    : `Too many requests for this API key: at most ${API_RATE_BURST} every ${API_RATE_WINDOW_SECONDS} seconds. Try again in ${retryAfter} seconds.`;
