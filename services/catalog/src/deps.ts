import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { CatalogStoreDeps } from './domain/ports';
import { createCatalogRepository } from './store/catalog-repository';

/**
 * The catalogue's store, as every catalog function with the table uses it. Built on first
 * use, so importing a service (CDK, tests) needs no environment. The search index
 * (search-deps.ts) and the upstreams (fetcher/client.ts) are other functions' parts.
 */
export const catalogDeps = lazy((): CatalogStoreDeps => {
  const env = runtimeEnv();
  return {
    repo: createCatalogRepository(createDocumentClient(env), env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
