import type { RateLimiter } from './rate-limit';

/**
 * The RateLimiter port in a container's memory: for public READS, where a table write per page
 * view would cost more than the read it guards (a storefront's first page is two DynamoDB
 * requests; docs/product/online-store.md#the-storefront). Each container counts on its own, so
 * N warm containers admit up to N times the limit: it stops one visitor hammering, and API
 * Gateway's throttling bounds the rest. Writes keep the exact table limiter (./store).
 *
 * A bucket keeps the times its slots were taken; at most `maxBuckets` buckets are kept, the
 * least recently used dropped first, so a crawl of many visitors cannot grow it without end.
 */
export function createMemoryRateLimiter(maxBuckets = 10_000): RateLimiter {
  const buckets = new Map<string, number[]>();
  return {
    take(bucket, { limit, windowMs }, now) {
      const at = now.getTime();
      const taken = (buckets.get(bucket) ?? []).filter((t) => t > at - windowMs);
      // Re-inserted, so the Map's order is least recently used first.
      buckets.delete(bucket);
      if (taken.length >= limit) {
        buckets.set(bucket, taken);
        return Promise.resolve(null);
      }
      taken.push(at);
      buckets.set(bucket, taken);
      if (buckets.size > maxBuckets) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      return Promise.resolve({ bucket, slot: taken.length - 1, takenAt: at });
    },
    release(slot) {
      const taken = buckets.get(slot.bucket);
      const i = taken?.indexOf(slot.takenAt) ?? -1;
      if (taken && i >= 0) taken.splice(i, 1);
      return Promise.resolve();
    },
  };
}
