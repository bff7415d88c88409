import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { fetcherDeps } from '../fetcher/deps';
import { createFetcherHandler } from '../fetcher/handle';
import { FETCHER_SERVICE } from '../fetcher/protocol';

/**
 * catalog-fetcher: the catalog domain's only way to the internet (the marketplace API
 * with its Secrets Manager credentials and cache, the release calendar and its HTML
 * parser). No table and no HTTP routes; catalog-ingest invokes it (docs/adr/0012).
 */
export const catalogFetcherFunction = defineFunction({
  name: FETCHER_SERVICE,
  routes: [],
  consumers: [],
  invoke: createFetcherHandler(fetcherDeps),
  access: { table: 'none', marketplace: true },
});

export const handler = createInvokeHandler(catalogFetcherFunction);
