import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { productsDeps } from '../products/deps';
import { createIndexStore } from './index-store';
import { createSnapshotStorage } from './snapshot-storage';
import type { SearchDeps } from './ports';

/** The container's in-memory index over the catalogue's store (one per container), built on first use. */
export const searchDeps = lazy((): SearchDeps => {
  const env = runtimeEnv();
  const { repo, clock } = productsDeps();
  return {
    searchIndex: createIndexStore({
      storage: () => createSnapshotStorage({ env, ...tableAccess() }),
      checkMs: env.CATALOG_INDEX_CHECK_MS,
      repo,
      clock,
    }),
  };
});
