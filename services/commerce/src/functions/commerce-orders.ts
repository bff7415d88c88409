import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { offerOrderRoutes } from '../offer-orders/routes';
import { orderRoutes } from '../orders/routes';
import { storefrontOrderConsumers } from '../storefront-orders/consumers';

/**
 * commerce-orders: sale orders for clients (fulfilled into sales), purchase orders made from
 * accepted offers, the shareable order page, and the paid orders of the online storefront.
 */
export const commerceOrdersFunction = defineFunction({
  name: 'commerce-orders',
  routes: [...orderRoutes, ...offerOrderRoutes],
  consumers: [...storefrontOrderConsumers],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(commerceOrdersFunction);
