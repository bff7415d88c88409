import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { searchConsumers } from '../search/consumers';
import { searchRoutes } from '../search/routes';

/**
 * catalog-search: product search and facets from an in-memory index snapshotted to S3
 * (docs/adr/0011), and the `Catalog.ProductsChanged` consumer that keeps the snapshots
 * current. The memory-sized function of the domain (docs/adr/0012).
 */
export const catalogSearchFunction = defineFunction({
  name: 'catalog-search',
  routes: searchRoutes,
  consumers: searchConsumers,
  access: { table: 'readWrite', searchIndex: true },
});

export const handler = createLambdaHandler(catalogSearchFunction);
