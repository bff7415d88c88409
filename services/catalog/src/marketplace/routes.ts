import { refreshVariants } from '@sneakers/shared/contracts/catalog';
import { callMarketplace as callMarketplaceContract } from '@sneakers/shared/contracts/catalog-tools';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { marketplaceDeps } from './deps';
import { callMarketplace, refreshProductVariants } from './domain';

/**
 * The marketplace API test page's call and the refresh-variants modal (catalog-ingest). The
 * contracts carry the gates (feature stockx_api_integration; superuserOnly); the use cases
 * check the actor again.
 */
export const marketplaceRoutes: Route[] = [
  route(callMarketplaceContract, ({ actor, body }) => callMarketplace(marketplaceDeps().call, actor, body), {
    status: 200,
  }),
  route(
    refreshVariants,
    ({ actor, params }) => refreshProductVariants(marketplaceDeps().refresh, actor, params.productId),
    { status: 200 },
  ),
];
