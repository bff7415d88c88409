import {
  getStorefront as getStorefrontContract,
  getStorefrontProduct as getStorefrontProductContract,
} from '@sneakers/shared/contracts/storefront';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { publicDeps } from './deps';
import { getStorefront, getStorefrontProduct, limitVisitor } from './domain';

/** The public storefront as JSON (no sign-in; rate-limited per visitor and store). */
export const catalogRoutes: Route[] = [
  route(getStorefrontContract, async ({ params, query, sourceIp }) => {
    const deps = publicDeps();
    await limitVisitor(deps, sourceIp, params.storeId);
    return getStorefront(deps, params.storeId, query);
  }),
  route(getStorefrontProductContract, async ({ params, sourceIp }) => {
    const deps = publicDeps();
    await limitVisitor(deps, sourceIp, params.storeId);
    return getStorefrontProduct(deps, params.storeId, params.productId);
  }),
];
