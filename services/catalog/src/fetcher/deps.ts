import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createMarketplaceClient } from '../marketplace/client';
import { createReleaseSource } from '../releases/source';
import type { FetcherDeps } from './handle';

/**
 * catalog-fetcher's upstreams: one marketplace client (token, cache) and one release
 * source per container, built on first use. Only that function imports this file, so the
 * HTML parser and the Secrets Manager client stay out of catalog-ingest's bundle.
 */
export const fetcherDeps = lazy((): FetcherDeps => ({
  marketplace: createMarketplaceClient(runtimeEnv()),
  releases: createReleaseSource(runtimeEnv()),
}));
