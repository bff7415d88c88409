import {
  cancelStorefrontCheckout,
  createStorefrontCheckout,
  getStorefrontCheckout,
} from '@sneakers/shared/contracts/storefront';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { checkoutDeps } from './deps';
import { cancelCheckout, createCheckout, getCheckout } from './domain';

/** Buying on a storefront: public routes (the buyer has no account), rate-limited per visitor. */
export const checkoutRoutes: Route[] = [
  route(createStorefrontCheckout, async ({ params, headers, sourceIp, body, setStatus }) => {
    const { checkout, url, created } = await createCheckout(
      checkoutDeps(),
      params.storeId,
      headers,
      sourceIp,
      body,
    );
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { checkout, url };
  }),
  route(getStorefrontCheckout, async ({ params }) => ({
    checkout: await getCheckout(checkoutDeps(), params.storeId, params.checkoutId),
  })),
  route(
    cancelStorefrontCheckout,
    async ({ params }) => ({
      checkout: await cancelCheckout(checkoutDeps(), params.storeId, params.checkoutId),
    }),
    { status: 200 },
  ),
];
