import {
  confirmStorefrontNotify,
  requestStorefrontNotify,
  unsubscribeStorefrontNotify,
} from '@sneakers/shared/contracts/storefront';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { notifyDeps } from './deps';
import { confirmNotify, requestNotify, unsubscribeNotify } from './domain';

/** "Notify me": public routes (no sign-in), the request rate-limited per visitor and per address. */
export const notifyRoutes: Route[] = [
  route(
    requestStorefrontNotify,
    async ({ params, body, sourceIp }) => requestNotify(notifyDeps(), params.storeId, sourceIp, body),
    // Accepted: nothing is subscribed until the visitor follows the emailed link.
    { status: 202 },
  ),
  route(confirmStorefrontNotify, async ({ body }) => confirmNotify(notifyDeps(), body.token), {
    status: 200,
  }),
  route(unsubscribeStorefrontNotify, async ({ body }) => unsubscribeNotify(notifyDeps(), body.token), {
    status: 200,
  }),
];
