import {
  getStorefrontSetup,
  listStorefrontPrices,
  setStorefrontPrice,
  updateStorefrontSetup,
} from '@sneakers/shared/contracts/storefront';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { setupDeps } from './deps';
import { getSetup, listPrices, setPrice, updateSetup } from './domain';

export const setupRoutes: Route[] = [
  route(getStorefrontSetup, ({ actor }) => getSetup(setupDeps(), actor)),
  route(updateStorefrontSetup, ({ actor, body }) => updateSetup(setupDeps(), actor, body)),
  route(listStorefrontPrices, async ({ actor, query }) => {
    const page = await listPrices(setupDeps(), actor, query);
    return { items: page.items, cursor: page.cursor };
  }),
  route(setStorefrontPrice, async ({ actor, params, body }) => ({
    item: await setPrice(setupDeps(), actor, params.itemId, body.price),
  })),
];
