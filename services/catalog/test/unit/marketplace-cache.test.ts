import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import { MARKETPLACE_CACHE, TtlCache } from '../../src/marketplace/cache';

describe('TtlCache', () => {
  it('serves an entry until its time to live, then misses', () => {
    const clock = fixedClock('2026-11-22T10:00:00Z');
    const cache = new TtlCache<string>({ clock });
    cache.set('a', 'A');
    cache.set('b', 'B', 1000);
    clock.advance(999);
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', 'B']);
    clock.advance(1);
    expect(cache.get('b')).toBeUndefined();
    clock.advance(MARKETPLACE_CACHE.defaultTtlMs - 1000);
    expect(cache.get('a')).toBeUndefined();
  });

  it('sweeps expired entries once per cleanup interval', () => {
    const clock = fixedClock('2026-11-22T10:00:00Z');
    const cache = new TtlCache<number>({ clock, cleanupIntervalMs: 10_000 });
    cache.set('short', 1, 100);
    cache.set('long', 2, 60_000);
    clock.advance(5_000);
    expect(cache.size).toBe(2);
    clock.advance(5_000);
    cache.get('long');
    expect(cache.size).toBe(1);
  });

  it('loads once, does not keep failures, and evicts the oldest past its bound', async () => {
    const clock = fixedClock('2026-11-22T10:00:00Z');
    const cache = new TtlCache<number>({ clock, maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('k', 1000, load)).toBe(1);
    expect(await cache.getOrLoad('k', 1000, load)).toBe(1);
    await expect(cache.getOrLoad('x', 1000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.get('x')).toBeUndefined();
    cache.set('l', 2);
    cache.set('m', 3);
    expect([cache.get('k'), cache.get('l'), cache.get('m')]).toEqual([undefined, 2, 3]);
    cache.warm([
      ['p:1', 4],
      ['p:2', 5],
    ]);
    cache.invalidate('p:');
    expect(cache.size).toBe(0);
  });
});
