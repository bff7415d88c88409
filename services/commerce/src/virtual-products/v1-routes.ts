import { listV1VirtualProducts as listContract } from '@sneakers/shared/contracts/store-api-v1';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { virtualProductsDeps } from './deps';
import { listV1VirtualProducts } from './domain';

/** The store API's virtual products (docs/product/store-api.md#v1-routes), as the key's store. */
export const virtualProductV1Routes: Route[] = [
  route(listContract, async ({ actor, query }) => {
    const page = await listV1VirtualProducts(virtualProductsDeps(), actor, query);
    return { virtual_products: page.items, cursor: page.cursor };
  }),
];
