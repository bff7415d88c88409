import { defineService } from '@sneakers/shared/runtime/service';
import { crmRoutes } from './routes';

/** Clients, bookings and the shared booking page; booking events go out through the outbox. */
export const crmService = defineService({
  name: 'crm',
  routes: crmRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
