import { defineFunction } from '@sneakers/shared/runtime/function';
import { orderRoutes } from './orders/routes';

/**
 * commerce-orders: sale orders for clients (fulfilled into sales), purchase orders made from
 * accepted offers, and the shareable order page.
 */
export const commerceOrdersService = defineFunction({
  name: 'commerce-orders',
  routes: orderRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
