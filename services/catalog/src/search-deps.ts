import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { catalogDeps } from './deps';
import type { CatalogStoreDeps, SearchIndexStore } from './domain/ports';
import { createIndexStore, createSnapshotStorage } from './store/index-store';

/** catalog-search's deps: the store plus the in-memory index (one per container). */
export const searchDeps = lazy((): CatalogStoreDeps & { searchIndex: SearchIndexStore } => {
  const env = runtimeEnv();
  const client = createDocumentClient(env);
  const store = catalogDeps();
  return {
    ...store,
    searchIndex: createIndexStore({
      storage: () => createSnapshotStorage({ env, client, table: env.TABLE_NAME }),
      checkMs: env.CATALOG_INDEX_CHECK_MS,
      repo: store.repo,
      clock: store.clock,
    }),
  };
});
