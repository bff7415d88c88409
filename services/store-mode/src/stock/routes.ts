import { getCounterStock } from '@sneakers/shared/contracts/store-mode';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { stockDeps } from './deps';
import { listCounterStock } from './domain';

/** The counter's stock: CDK declares the route and the local gateway serves it. */
export const stockRoutes: Route[] = [
  route(getCounterStock, async ({ actor, query }) => {
    const page = await listCounterStock(stockDeps(), actor, query);
    return { items: page.items, cursor: page.cursor };
  }),
];
