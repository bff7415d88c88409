import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { reportRoutes } from '../reports/routes';
import { salesRoutes } from '../sales/routes';
import { virtualProductRoutes } from '../virtual-products/routes';

/**
 * commerce: sales (each takes its stock in the same transaction, docs/adr/0013), virtual
 * products, and the sales reports (CSV export, DAC7 summary). `Sale.Recorded` and
 * `Consignment.Sold` go out through the outbox.
 */
export const commerceFunction = defineFunction({
  name: 'commerce',
  routes: [...salesRoutes, ...virtualProductRoutes, ...reportRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(commerceFunction);
