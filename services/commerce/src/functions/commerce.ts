import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { reportRoutes } from '../reports/routes';
import { salesRoutes } from '../sales/routes';
import { salesV1Routes } from '../sales/v1-routes';
import { virtualProductRoutes } from '../virtual-products/routes';
import { virtualProductV1Routes } from '../virtual-products/v1-routes';

/**
 * commerce: sales (each takes its stock in the same transaction, docs/adr/0013), virtual
 * products, the sales reports (CSV export, DAC7 summary), and the store API's sales and
 * virtual products (docs/product/store-api.md#v1-routes). `Sale.Recorded` and
 * `Consignment.Sold` go out through the outbox.
 */
export const commerceFunction = defineFunction({
  name: 'commerce',
  routes: [
    ...salesRoutes,
    ...virtualProductRoutes,
    ...reportRoutes,
    ...salesV1Routes,
    ...virtualProductV1Routes,
  ],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(commerceFunction);
