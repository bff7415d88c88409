import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';

/** storefront-notify: "notify me" (double opt-in, unsubscribe) and the back-in-stock emails. */
export const storefrontNotifyFunction = defineFunction({
  name: 'storefront-notify',
  routes: [],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(storefrontNotifyFunction);
