import { receiveBillingWebhook } from '@sneakers/shared/contracts/billing';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { webhookDeps } from './deps';
import { receiveWebhook } from './domain';

/** The provider's signed webhook: public, read only once its signature holds. */
export const webhookRoutes: Route[] = [
  route(
    receiveBillingWebhook,
    async ({ rawBody, body, headers }) => ({
      received: true as const,
      // The signature covers the exact bytes: the raw body, never a re-serialised one.
      outcome: await receiveWebhook(webhookDeps(), rawBody ?? body, headers['stripe-signature']),
    }),
    { status: 200 },
  ),
];
