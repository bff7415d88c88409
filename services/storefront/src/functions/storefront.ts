import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { setupRoutes } from '../setup/routes';

/** storefront: the online-store section's set-up and prices (store users). */
export const storefrontFunction = defineFunction({
  name: 'storefront',
  routes: setupRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(storefrontFunction);
