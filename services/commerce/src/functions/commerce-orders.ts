import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { offerOrderRoutes } from '../offer-orders/routes';
import { orderRoutes } from '../orders/routes';

/**
 * commerce-orders: sale orders for clients (fulfilled into sales), purchase orders made from
 * accepted offers, and the shareable order page.
 */
export const commerceOrdersFunction = defineFunction({
  name: 'commerce-orders',
  routes: [...orderRoutes, ...offerOrderRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(commerceOrdersFunction);
