import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import type { Product } from '@sneakers/shared/contracts/catalog';
import { CatalogIndex } from '../../src/search/catalog-index';
import { createIndexStore } from '../../src/search/index-store';
import type { IndexManifest, SnapshotStorage } from '../../src/search/ports';

const product = (id: string, name: string, over: Partial<Product> = {}): Product => ({
  id,
  sku: `SK${id.toUpperCase()}-100`,
  name,
  brand: 'Nike',
  productType: 'sneakers',
  imageUrl: null,
  releaseDate: '2024-01-01',
  retailPrice: null,
  currency: 'EUR',
  colorway: '',
  gender: null,
  marketplaceSlug: null,
  marketplaceProductId: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

/** Snapshots and the manifest in memory, with the conditional publish of the real storage. */
function memoryStorage() {
  const objects = new Map<string, Uint8Array>();
  let manifest: IndexManifest | null = null;
  const calls = { loads: 0, publishes: 0, manifests: 0 };
  let beforePublish: (() => void) | undefined;
  const storage: SnapshotStorage = {
    manifest: async () => {
      calls.manifests += 1;
      return manifest && { ...manifest };
    },
    load: async (m) => {
      calls.loads += 1;
      const bytes = objects.get(m.key);
      return bytes ? CatalogIndex.fromSnapshot(bytes) : null;
    },
    publish: async (index, expected, at) => {
      calls.publishes += 1;
      const hook = beforePublish;
      beforePublish = undefined;
      hook?.();
      const key = `catalog-index/${expected + 1}-${calls.publishes}.bin`;
      objects.set(key, index.toSnapshot());
      if ((manifest?.version ?? 0) !== expected) return 'conflict';
      manifest = { version: expected + 1, key, count: index.size, builtAt: at };
      return { ...manifest };
    },
  };
  return {
    storage,
    objects,
    calls,
    manifest: () => manifest,
    /** Runs `hook` inside the next publish, before its condition is checked (a racing publisher). */
    racePublish: (hook: () => void) => {
      beforePublish = hook;
    },
  };
}

function setup(table: Product[], storage = memoryStorage()) {
  const clock = fixedClock('2026-11-22T10:00:00Z');
  const rows = new Map(table.map((p) => [p.id, p]));
  const container = () =>
    createIndexStore({
      storage: () => storage.storage,
      checkMs: 2000,
      repo: {
        async *productPages() {
          yield [...rows.values()];
        },
        getProducts: async (ids) => ids.flatMap((id) => (rows.has(id) ? [rows.get(id) as Product] : [])),
      },
      clock,
    });
  return { clock, rows, storage, container };
}
const names = async (store: { current(): Promise<CatalogIndex> }) =>
  (await store.current()).search({ order: 'release', offset: 0, limit: 50 }).products.map((p) => p.name);

describe('search index store', () => {
  it('builds from the table and publishes version 1 when there is no snapshot yet', async () => {
    const { container, storage } = setup([product('a', 'Dunk Low'), product('b', 'Air Max 1')]);
    const store = container();
    expect((await names(store)).sort()).toEqual(['Air Max 1', 'Dunk Low']);
    expect(storage.manifest()).toMatchObject({ version: 1, count: 2 });
    // A second container loads the snapshot instead of rebuilding.
    const other = container();
    expect((await names(other)).sort()).toEqual(['Air Max 1', 'Dunk Low']);
    expect([storage.calls.publishes, storage.calls.loads]).toEqual([1, 1]);
  });

  it('re-checks the manifest at most every CATALOG_INDEX_CHECK_MS and reloads a newer snapshot', async () => {
    const { container, rows, storage, clock } = setup([product('a', 'Dunk Low')]);
    const reader = container();
    const writer = container();
    await names(reader);
    rows.set('b', product('b', 'Samba OG'));
    await writer.applyChange({ upserted: ['b'], removed: [] });
    expect(storage.manifest()?.version).toBe(2);

    const checks = storage.calls.manifests;
    expect(await names(reader)).toEqual(['Dunk Low']);
    expect(storage.calls.manifests).toBe(checks);
    clock.advance(2000);
    expect((await names(reader)).sort()).toEqual(['Dunk Low', 'Samba OG']);
    // Checked, unchanged: no reload.
    const loads = storage.calls.loads;
    clock.advance(2000);
    await names(reader);
    expect(storage.calls.loads).toBe(loads);
  });

  it('applies upserts and removals, treating an upserted product that is gone as removed; redelivery changes nothing', async () => {
    const { container, rows } = setup([product('a', 'Dunk Low'), product('b', 'Air Max 1')]);
    const store = container();
    await names(store);
    rows.set('a', product('a', 'Dunk Low Panda', { updatedAt: '2026-02-01T00:00:00Z' }));
    rows.delete('b');
    const change = { upserted: ['a', 'b'], removed: [] };
    await store.applyChange(change);
    expect(await names(store)).toEqual(['Dunk Low Panda']);
    await store.applyChange(change);
    expect(await names(store)).toEqual(['Dunk Low Panda']);
  });

  it('reloads and re-applies when another publisher won the race, losing neither change', async () => {
    const { container, rows, storage } = setup([product('a', 'Dunk Low')]);
    const first = container();
    const second = container();
    await names(first);
    await names(second);
    rows.set('b', product('b', 'Samba OG'));
    rows.set('c', product('c', 'Gel Kayano 14'));
    storage.racePublish(() => {
      void second.applyChange({ upserted: ['c'], removed: [] });
    });
    await first.applyChange({ upserted: ['b'], removed: [] });
    await new Promise((r) => setTimeout(r, 0));
    const fresh = container();
    expect((await names(fresh)).sort()).toEqual(['Dunk Low', 'Gel Kayano 14', 'Samba OG']);
    // v1 built; the first change v2; the second lost to it once, then v3.
    expect([storage.manifest()?.version, storage.calls.publishes]).toEqual([3, 4]);
  });

  it('publishes a burst of changes in one container together, each caller answered once it is out', async () => {
    const { container, rows, storage } = setup([product('a', 'Dunk Low')]);
    const store = container();
    await names(store);
    const before = storage.calls.publishes;
    const ids = Array.from({ length: 10 }, (_, i) => `n${i}`);
    for (const id of ids) rows.set(id, product(id, `New ${id}`));
    await Promise.all(ids.map((id) => store.applyChange({ upserted: [id], removed: [] })));
    expect(storage.calls.publishes - before).toBeLessThanOrEqual(2);
    expect(storage.manifest()?.count).toBe(11);
    expect(await names(container())).toHaveLength(11);
  });

  it('rebuilds from the table when the manifest names a snapshot that is gone', async () => {
    const { container, storage, rows } = setup([product('a', 'Dunk Low')]);
    await names(container());
    storage.objects.clear();
    rows.set('b', product('b', 'Samba OG'));
    expect((await names(container())).sort()).toEqual(['Dunk Low', 'Samba OG']);
    expect(storage.manifest()?.version).toBe(2);
  });
});
