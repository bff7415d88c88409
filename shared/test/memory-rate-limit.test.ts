import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../src/rate-limit/memory';

const limit = { limit: 2, windowMs: 1_000 };
const at = (ms: number) => new Date(ms);

describe('the in-memory rate limiter (public reads)', () => {
  it('admits `limit` takes per window and frees a slot one window after it was taken', async () => {
    const limiter = createMemoryRateLimiter();
    expect(await limiter.take('ip#1', limit, at(0))).not.toBeNull();
    expect(await limiter.take('ip#1', limit, at(500))).not.toBeNull();
    expect(await limiter.take('ip#1', limit, at(900))).toBeNull();
    expect(await limiter.take('ip#2', limit, at(900))).not.toBeNull();
    expect(await limiter.take('ip#1', limit, at(1_001))).not.toBeNull();
  });

  it('gives a released slot back', async () => {
    const limiter = createMemoryRateLimiter();
    const first = await limiter.take('b', limit, at(0));
    await limiter.take('b', limit, at(1));
    expect(await limiter.take('b', limit, at(2))).toBeNull();
    if (first) await limiter.release(first);
    expect(await limiter.take('b', limit, at(3))).not.toBeNull();
  });

  it('keeps at most maxBuckets buckets, dropping the least recently used', async () => {
    const limiter = createMemoryRateLimiter(2);
    const one = { limit: 1, windowMs: 10_000 };
    await limiter.take('a', one, at(0));
    await limiter.take('b', one, at(0));
    await limiter.take('c', one, at(0));
    // 'a' was dropped, so it is admitted again; 'c' is still full.
    expect(await limiter.take('a', one, at(1))).not.toBeNull();
    expect(await limiter.take('c', one, at(1))).toBeNull();
  });
});
