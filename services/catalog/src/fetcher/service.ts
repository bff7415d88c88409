import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { defineFunction, lazy } from '@sneakers/shared/runtime/function';
import { createMarketplaceClient } from '../marketplace/client';
import { createReleaseSource } from '../scraper/source';
import { createFetcherHandler, type FetcherDeps } from './handle';
import { FETCHER_SERVICE } from './protocol';

/** One marketplace client (token, cache) and release source per container. */
const fetcherDeps = lazy((): FetcherDeps => ({
  marketplace: createMarketplaceClient(runtimeEnv()),
  releases: createReleaseSource(runtimeEnv()),
}));

/**
 * catalog-fetcher: the catalog domain's only way to the internet (the marketplace API
 * with its Secrets Manager credentials and cache, the release calendar and its HTML
 * parser). No table and no HTTP routes; catalog-ingest invokes it (docs/adr/0012).
 */
export const catalogFetcherService = defineFunction({
  name: FETCHER_SERVICE,
  routes: [],
  consumers: [],
  invoke: createFetcherHandler(fetcherDeps),
  access: { table: 'none', marketplace: true },
});
