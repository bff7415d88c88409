import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { paymentRoutes } from '../payments/routes';
import { shipmentConsumers } from '../shipments/consumers';
import { shipmentRoutes } from '../shipments/routes';

/** commerce-fulfilment: shipments (tracking formats, derived status, links, a sale's shipment) and payments to providers. */
export const commerceFulfilmentFunction = defineFunction({
  name: 'commerce-fulfilment',
  routes: [...shipmentRoutes, ...paymentRoutes],
  consumers: [...shipmentConsumers],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(commerceFulfilmentFunction);
