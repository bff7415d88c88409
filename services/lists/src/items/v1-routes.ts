import { getV1Inventory } from '@sneakers/shared/contracts/store-api-v1';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { itemDeps } from './deps';
import { listV1Inventory } from './domain';

/**
 * The store API's inventory (docs/product/store-api.md#v1-routes): called with an API key, the
 * pipeline runs it as the key's store, so `actor.userId` is the store whose items it reads.
 */
export const itemV1Routes: Route[] = [
  route(getV1Inventory, async ({ actor, query }) => {
    const page = await listV1Inventory(itemDeps(), actor, query);
    return { items: page.items, cursor: page.cursor };
  }),
];
