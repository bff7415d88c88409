import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';

/** storefront: the online-store section's set-up and prices (store users). */
export const storefrontFunction = defineFunction({
  name: 'storefront',
  routes: [],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(storefrontFunction);
