import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { projectionStream } from '../catalog/stream';

/**
 * storefront-catalog: keeps each storefront's products from the table's stream (published
 * items, virtual products, the set-up and its prices) and announces sizes back in stock.
 */
export const storefrontCatalogFunction = defineFunction({
  name: 'storefront-catalog',
  routes: [],
  consumers: [],
  stream: projectionStream,
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(storefrontCatalogFunction);
