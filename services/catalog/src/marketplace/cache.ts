import type { Clock } from '@sneakers/shared/clock';

/** The marketplace API's cache times (docs/product/catalogue.md#marketplace-cache). */
export const MARKETPLACE_CACHE = {
  defaultTtlMs: 5 * 60_000,
  productTtlMs: 10 * 60_000,
  variantsTtlMs: 5 * 60_000,
  cleanupIntervalMs: 10 * 60_000,
  /** A Lambda container lives for hours: bound what it keeps. */
  maxEntries: 2_000,
} as const;

export interface TtlCacheOptions {
  clock: Clock;
  defaultTtlMs?: number;
  cleanupIntervalMs?: number;
  maxEntries?: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * An in-memory cache with a time to live per entry
 * (docs/product/catalogue.md#marketplace-cache). Expired entries are swept on access at most
 * once per cleanup interval rather than by a timer: a timer would keep test processes alive
 * and does nothing in a frozen Lambda anyway.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly clock: Clock;
  private readonly defaultTtlMs: number;
  private readonly cleanupIntervalMs: number;
  private readonly maxEntries: number;
  private lastCleanup: number;

  constructor(options: TtlCacheOptions) {
    this.clock = options.clock;
    this.defaultTtlMs = options.defaultTtlMs ?? MARKETPLACE_CACHE.defaultTtlMs;
    this.cleanupIntervalMs = options.cleanupIntervalMs ?? MARKETPLACE_CACHE.cleanupIntervalMs;
    this.maxEntries = options.maxEntries ?? MARKETPLACE_CACHE.maxEntries;
    this.lastCleanup = this.now();
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  get(key: string): V | undefined {
    this.maybeCleanup();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlMs = this.defaultTtlMs): void {
    this.maybeCleanup();
    this.entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest write.
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  /** The cached value, or `load()`'s, kept for `ttlMs`; a failed load is not cached. */
  async getOrLoad(key: string, ttlMs: number, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, value, ttlMs);
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every key starting with `prefix` (all keys without one). */
  invalidate(prefix = ''): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Fills the cache ahead of use (e.g. a product read along with a search page). */
  warm(entries: Iterable<[string, V]>, ttlMs = this.defaultTtlMs): void {
    for (const [key, value] of entries) this.set(key, value, ttlMs);
  }

  /** Removes every expired entry. */
  cleanup(): void {
    const now = this.now();
    this.lastCleanup = now;
    for (const [key, entry] of [...this.entries]) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private maybeCleanup(): void {
    if (this.now() - this.lastCleanup >= this.cleanupIntervalMs) this.cleanup();
  }
}
