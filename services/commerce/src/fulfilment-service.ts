import { defineService } from '@sneakers/shared/runtime/service';
import { paymentRoutes } from './payments/routes';
import { shipmentRoutes } from './shipments/routes';

/** commerce-fulfilment: shipments (tracking formats, derived status, links) and payments to providers. */
export const commerceFulfilmentService = defineService({
  name: 'commerce-fulfilment',
  routes: [...shipmentRoutes, ...paymentRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});
