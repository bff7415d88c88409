import type { CatalogIndex } from './catalog-index';
import type { IndexManifestRow } from './index-manifest-entity';

/** Publishes one change may retry after losing to another publisher. */
export const PUBLISH_ATTEMPTS = 8;

/** The current snapshot: its `version`, S3 `key`, product `count` and `builtAt`. */
export type IndexManifest = Omit<IndexManifestRow, 'scope'>;

/** Where snapshots and the manifest live (snapshot-storage.ts); no cache: the index store keeps the loaded index. */
export interface SnapshotStorage {
  manifest(): Promise<IndexManifest | null>;
  load(manifest: IndexManifest): Promise<CatalogIndex | null>;
  /** Writes the snapshot and moves the manifest to `expected + 1` (0: none yet); 'conflict' when another came first. */
  publish(index: CatalogIndex, expected: number, at: string): Promise<IndexManifest | 'conflict'>;
}

/** The search index as this container sees it (index-store.ts; in memory in the unit tests). */
export interface SearchIndexStore {
  /**
   * The current index: loaded from the latest snapshot at cold start (built from the
   * table and published when there is none), then re-checked against the manifest at
   * most every CATALOG_INDEX_CHECK_MS and reloaded when a newer snapshot was published.
   */
  current(): Promise<CatalogIndex>;
  /**
   * Folds a change into the latest snapshot and publishes the next one (the consumer):
   * reads the products (absent ones are removed), conditional on the manifest's version;
   * on a conflict it reloads and re-applies. Changes arriving during a publish go out
   * together in the next one; resolves once this change is published.
   */
  applyChange(change: { upserted: readonly string[]; removed: readonly string[] }): Promise<void>;
}

export interface SearchDeps {
  searchIndex: SearchIndexStore;
}
