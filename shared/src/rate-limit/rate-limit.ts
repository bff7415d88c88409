import { RateLimitedError } from '../errors';

/**
 * Rolling-window rate limits that concurrent requests cannot overrun: a bucket has
 * `limit` slots, each taken by a conditional write and free again one window after it
 * was taken. `createRateLimiter` (./store) implements the port over the table.
 */
export interface RateSlot {
  bucket: string;
  slot: number;
  takenAt: number;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Takes a free slot of the bucket; null when all `limit` are taken. */
  take(bucket: string, limit: RateLimit, now: Date): Promise<RateSlot | null>;
  /** Gives a slot back (the request turned out to be a replay), if still held by that take. */
  release(slot: RateSlot): Promise<void>;
}

/** Takes a slot or throws 429 with `message`. */
export async function takeOrRefuse(
  limiter: RateLimiter,
  bucket: string,
  limit: RateLimit,
  now: Date,
  message: string,
): Promise<RateSlot> {
  const slot = await limiter.take(bucket, limit, now);
  if (!slot) throw new RateLimitedError(message);
  return slot;
}
