import { defineFunction } from '@sneakers/shared/runtime/function';
import { paymentRoutes } from './payments/routes';
import { shipmentRoutes } from './shipments/routes';

/** commerce-fulfilment: shipments (tracking formats, derived status, links) and payments to providers. */
export const commerceFulfilmentService = defineFunction({
  name: 'commerce-fulfilment',
  routes: [...shipmentRoutes, ...paymentRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});
