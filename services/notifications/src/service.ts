import { defineFunction } from '@sneakers/shared/runtime/function';
import { notificationsConsumers } from './consumers';
import { notificationsRoutes } from './routes';

/**
 * In-app notifications, offer, booking and consignment emails; consumers of the offers, crm
 * and providers events.
 */
export const notificationsService = defineFunction({
  name: 'notifications',
  routes: notificationsRoutes,
  consumers: notificationsConsumers,
  access: { table: 'readWrite', sendsEmail: true },
});
