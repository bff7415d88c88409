import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { checkoutConsumers } from '../checkout/consumers';
import { checkoutRoutes } from '../checkout/routes';

/**
 * storefront-checkout: buying on a storefront: the hold and the provider's Checkout Session
 * in payment mode, its status and cancel, and the consumers of the provider's outcome.
 */
export const storefrontCheckoutFunction = defineFunction({
  name: 'storefront-checkout',
  routes: [...checkoutRoutes],
  consumers: [...checkoutConsumers],
  access: { table: 'readWrite', paymentProvider: true },
});

export const handler = createLambdaHandler(storefrontCheckoutFunction);
