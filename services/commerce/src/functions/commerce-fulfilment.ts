import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { paymentRoutes } from '../payments/routes';
import { shipmentRoutes } from '../shipments/routes';

/** commerce-fulfilment: shipments (tracking formats, derived status, links) and payments to providers. */
export const commerceFulfilmentFunction = defineFunction({
  name: 'commerce-fulfilment',
  routes: [...shipmentRoutes, ...paymentRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(commerceFulfilmentFunction);
