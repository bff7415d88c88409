import type { Clock } from '@sneakers/shared/clock';
import type { CatalogRepository } from '../products/ports';
import { CatalogIndex } from './catalog-index';
import { PUBLISH_ATTEMPTS, type IndexManifest, type SearchIndexStore, type SnapshotStorage } from './ports';

/** How often a search re-reads the manifest when CATALOG_INDEX_CHECK_MS is not set. */
export const DEFAULT_INDEX_CHECK_MS = 2000;

/** Builds the index from the table (gsi1, page by page: a Query, never a Scan). */
export async function buildFromTable(repo: Pick<CatalogRepository, 'productPages'>): Promise<CatalogIndex> {
  const products = [];
  for await (const page of repo.productPages()) products.push(...page);
  return CatalogIndex.build(products);
}

interface Loaded {
  index: CatalogIndex;
  version: number;
  checkedAt: number;
}

/**
 * The container's index: loaded once, then re-checked against the manifest at most every
 * `checkMs`; concurrent callers share one load or check.
 */
export function createIndexStore(options: {
  /** Made on first use: routes that never search work without CATALOG_INDEX_BUCKET. */
  storage: () => SnapshotStorage;
  checkMs?: number | undefined;
  repo: Pick<CatalogRepository, 'productPages' | 'getProducts'>;
  clock: Clock;
}): SearchIndexStore {
  let made: SnapshotStorage | undefined;
  const storage = (): SnapshotStorage => (made ??= options.storage());
  const checkMs = options.checkMs ?? DEFAULT_INDEX_CHECK_MS;
  const now = () => options.clock.now().getTime();
  const at = () => options.clock.now().toISOString();
  let loaded: Loaded | null = null;
  let inFlight: Promise<Loaded> | null = null;

  /** The index of `manifest` (rebuilt from the table and published when there is none or its object is gone). */
  async function indexAt(manifest: IndexManifest | null): Promise<Loaded> {
    for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt++) {
      const index = manifest ? await storage().load(manifest) : null;
      if (index && manifest) return { index, version: manifest.version, checkedAt: now() };
      const built = await buildFromTable(options.repo);
      const published = await storage().publish(built, manifest?.version ?? 0, at());
      if (published !== 'conflict') return { index: built, version: published.version, checkedAt: now() };
      // Another container published meanwhile: use theirs.
      manifest = await storage().manifest();
    }
    throw new Error('Could not load the catalogue index: other publishers kept winning');
  }

  async function refresh(): Promise<Loaded> {
    const manifest = await storage().manifest();
    if (loaded && manifest && manifest.version === loaded.version) {
      loaded = { ...loaded, checkedAt: now() };
      return loaded;
    }
    loaded = await indexAt(manifest);
    return loaded;
  }

  function shared(run: () => Promise<Loaded>): Promise<Loaded> {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /**
   * Folds products into the latest snapshot and publishes the next version. The ids are
   * read from the table AFTER the base is loaded, so no publisher can overwrite a newer
   * read with an older one; an id the table no longer has is removed (a deletion, or an
   * upsert the product did not survive).
   */
  async function publishChange(ids: readonly string[]): Promise<void> {
    for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt++) {
      const manifest = await storage().manifest();
      if (!manifest) {
        // No snapshot yet: the table already holds this change, so building one publishes it.
        loaded = await shared(() => indexAt(null));
        return;
      }
      const current = loaded && loaded.version === manifest.version ? loaded : await indexAt(manifest);
      const products = await options.repo.getProducts(ids);
      const found = new Set(products.map((p) => p.id));
      current.index.upsert(products);
      current.index.remove(ids.filter((id) => !found.has(id)));
      const published = await storage().publish(current.index, current.version, at());
      if (published !== 'conflict') {
        loaded = { index: current.index, version: published.version, checkedAt: now() };
        return;
      }
      // The index now holds a change its version does not: never serve it as that version.
      loaded = null;
    }
    throw new Error('Could not publish the catalogue index: other publishers kept winning');
  }

  let queued: {
    ids: Set<string>;
    waiters: { resolve: () => void; reject: (error: unknown) => void }[];
  } | null = null;
  let draining: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (queued) {
      const batch = queued;
      queued = null;
      try {
        await publishChange([...batch.ids]);
        for (const waiter of batch.waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of batch.waiters) waiter.reject(error);
      }
    }
  }

  return {
    async current() {
      if (loaded && now() - loaded.checkedAt < checkMs) return loaded.index;
      return (await shared(refresh)).index;
    },

    applyChange(change) {
      // Changes arriving while a publish runs wait and go out together in the next one:
      // a burst (a bulk import, the demo seed) publishes a few snapshots, not one per event.
      const done = new Promise<void>((resolve, reject) => {
        queued ??= { ids: new Set(), waiters: [] };
        for (const id of [...change.upserted, ...change.removed]) queued.ids.add(id);
        queued.waiters.push({ resolve, reject });
      });
      draining ??= drain().finally(() => {
        draining = null;
      });
      return done;
    },
  };
}
