import { defineService } from '@sneakers/shared/runtime/service';
import { notificationsConsumers } from './consumers';
import { notificationsRoutes } from './routes';

/**
 * In-app notifications, offer, booking and consignment emails; consumers of the offers, crm
 * and providers events.
 */
export const notificationsService = defineService({
  name: 'notifications',
  routes: notificationsRoutes,
  consumers: notificationsConsumers,
  access: { table: 'readWrite', sendsEmail: true },
});
