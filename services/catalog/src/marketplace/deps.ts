import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { catalogDeps } from '../deps';
import { fetcherClient } from '../fetcher/client';
import { getProductWithVariants, replaceVariants, upsertProducts } from '../domain/products';
import type { MarketplaceCallDeps, RefreshDeps } from './calls';
import { createImportStore } from './import-store';
import type { ImportDeps } from './imports';

export interface MarketplaceToolsDeps {
  call: MarketplaceCallDeps;
  refresh: RefreshDeps;
  imports: ImportDeps;
}

/**
 * The marketplace routes' dependencies, over the catalog's store; the marketplace is
 * catalog-fetcher's (docs/adr/0012), which keeps the one cache per container. Built on
 * first use, like the service's.
 */
export const marketplaceDeps = lazy((): MarketplaceToolsDeps => {
  const env = runtimeEnv();
  const client = createDocumentClient(env);
  const catalog = catalogDeps();
  const fetcher = fetcherClient();
  return {
    call: {
      marketplace: fetcher.marketplace,
      limiter: createRateLimiter(client, env.TABLE_NAME),
      clock: catalog.clock,
    },
    refresh: {
      variantsOf: fetcher.variantsOf,
      getProduct: (productId) => getProductWithVariants(catalog, productId),
      replaceVariants: (productId, variants) => replaceVariants(catalog, productId, variants),
    },
    imports: {
      imports: createImportStore(client, env.TABLE_NAME),
      pages: fetcher.importPages,
      upsert: (inputs) => upsertProducts(catalog, inputs),
      clock: catalog.clock,
      ids: catalog.ids,
    },
  };
});
