import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { priceV1Routes } from '../prices/routes';
import { productRoutes } from '../products/routes';

/**
 * catalog: one product catalogue for everyone: product detail, upcoming releases and the
 * superusers' writes, and the store API's prices of a product. The domain runs as four functions, each within the bundle budget
 * (docs/adr/0012): this one, catalog-search, catalog-ingest and catalog-fetcher.
 * `Catalog.ProductsChanged` goes out through the outbox.
 */
export const catalogFunction = defineFunction({
  name: 'catalog',
  routes: [...productRoutes, ...priceV1Routes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(catalogFunction);
