import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { fetcherClient } from '../fetcher/client';
import { productsDeps } from '../products/deps';
import { getProductWithVariants, replaceVariants } from '../products/domain';
import type { MarketplaceCallDeps, RefreshDeps } from './ports';

/**
 * The marketplace routes' deps (catalog-ingest), over the catalogue's store; the
 * marketplace itself is catalog-fetcher's (docs/adr/0012), which keeps the one cache per
 * container. Built on first use.
 */
export const marketplaceDeps = lazy((): { call: MarketplaceCallDeps; refresh: RefreshDeps } => {
  const { client, table } = tableAccess();
  const products = productsDeps();
  const fetcher = fetcherClient();
  return {
    call: {
      marketplace: fetcher.marketplace,
      limiter: createRateLimiter(client, table),
      clock: products.clock,
    },
    refresh: {
      variantsOf: fetcher.variantsOf,
      getProduct: (productId) => getProductWithVariants(products, productId),
      replaceVariants: (productId, variants) => replaceVariants(products, productId, variants),
    },
  };
});
