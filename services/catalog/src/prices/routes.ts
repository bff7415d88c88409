import { getV1Prices } from '@sneakers/shared/contracts/store-api-v1';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { pricesDeps } from './deps';
import { readV1Prices } from './domain';

/** The store API's prices of a product (docs/product/store-api.md#v1-routes), as the key's store. */
export const priceV1Routes: Route[] = [
  route(getV1Prices, ({ actor, params }) => readV1Prices(pricesDeps(), actor, params.productId)),
];
