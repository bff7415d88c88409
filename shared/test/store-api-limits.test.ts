import { describe, expect, it } from 'vitest';
import {
  API_DAILY_QUOTA,
  API_RATE_BURST,
  API_RATE_WINDOW_SECONDS,
  rateLimitHeaders,
  rateWindowOf,
  refusalOf,
  retryAfterSeconds,
  usageStep,
  utcDayOf,
} from '../src/rules/store-api-limits';

const at = (iso: string) => new Date(iso);

describe('store API limits', () => {
  it('counts the burst in a window of burst / rate seconds', () => {
    expect(API_RATE_WINDOW_SECONDS).toBe(2);
    expect(rateWindowOf(at('2026-03-01T10:00:00.000Z'))).toBe(rateWindowOf(at('2026-03-01T10:00:01.999Z')));
    expect(rateWindowOf(at('2026-03-01T10:00:02.000Z'))).toBe(
      rateWindowOf(at('2026-03-01T10:00:00.000Z')) + 1,
    );
  });

  it('picks the update from the counters last seen', () => {
    const now = at('2026-03-01T10:00:01.000Z');
    const usage = { window: rateWindowOf(now), windowCount: 3, day: utcDayOf(now), dayCount: 9 };
    expect(usageStep(null, now)).toBe('new-day');
    expect(usageStep(usage, now)).toBe('same-window');
    expect(usageStep(usage, at('2026-03-01T10:00:02.000Z'))).toBe('new-window');
    expect(usageStep(usage, at('2026-03-02T00:00:00.000Z'))).toBe('new-day');
  });

  it('refuses the burst + 1st request of a window and the quota + 1st of a day, not the next window or day', () => {
    const now = at('2026-03-01T10:00:01.000Z');
    const full = { window: rateWindowOf(now), windowCount: API_RATE_BURST, day: utcDayOf(now), dayCount: 50 };
    expect(refusalOf(full, now)).toBe('rate');
    expect(refusalOf({ ...full, windowCount: API_RATE_BURST - 1 }, now)).toBeNull();
    expect(refusalOf(full, at('2026-03-01T10:00:02.000Z'))).toBeNull();
    const spent = { ...full, windowCount: 1, dayCount: API_DAILY_QUOTA };
    expect(refusalOf(spent, now)).toBe('quota');
    expect(refusalOf(spent, at('2026-03-02T00:00:00.000Z'))).toBeNull();
  });

  it('says when to retry: the next window, or the next UTC day', () => {
    expect(retryAfterSeconds('rate', at('2026-03-01T10:00:00.500Z'))).toBe(2);
    expect(retryAfterSeconds('rate', at('2026-03-01T10:00:01.500Z'))).toBe(1);
    expect(retryAfterSeconds('quota', at('2026-03-01T23:59:00.000Z'))).toBe(60);
  });

  it('reports the nearer limit in RateLimit-* headers', () => {
    const now = at('2026-03-01T10:00:00.000Z');
    const base = { window: rateWindowOf(now), day: utcDayOf(now) };
    expect(rateLimitHeaders({ ...base, windowCount: 5, dayCount: 5 }, now)).toMatchObject({
      'ratelimit-limit': '20',
      'ratelimit-remaining': '15',
      'ratelimit-reset': '2',
    });
    expect(rateLimitHeaders({ ...base, windowCount: 1, dayCount: API_DAILY_QUOTA - 3 }, now)).toMatchObject({
      'ratelimit-limit': String(API_DAILY_QUOTA),
      'ratelimit-remaining': '3',
      'ratelimit-reset': String(14 * 3600),
    });
  });
});
