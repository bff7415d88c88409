import { defineFunction } from '@sneakers/shared/runtime/function';
import { crmRoutes } from './routes';

/** Clients, bookings and the shared booking page; booking events go out through the outbox. */
export const crmService = defineFunction({
  name: 'crm',
  routes: crmRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
