import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { bookingsRoutes } from '../bookings/routes';
import { clientsRoutes } from '../clients/routes';

/** crm: clients, bookings and the shared booking page; booking events go out through the outbox. */
export const crmFunction = defineFunction({
  name: 'crm',
  routes: [...clientsRoutes, ...bookingsRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(crmFunction);
