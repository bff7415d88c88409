import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { notifyConsumers } from '../notify/consumers';
import { notifyRoutes } from '../notify/routes';

/** storefront-notify: "notify me" (double opt-in, unsubscribe) and the back-in-stock emails. */
export const storefrontNotifyFunction = defineFunction({
  name: 'storefront-notify',
  routes: notifyRoutes,
  consumers: notifyConsumers,
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(storefrontNotifyFunction);
