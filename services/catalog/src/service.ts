import { defineFunction } from '@sneakers/shared/runtime/function';
import { catalogRoutes } from './routes';

/**
 * Catalog: one product catalogue for everyone. The domain runs as four functions, each
 * within the bundle budget (docs/adr/0012): this one (product detail, releases, the
 * superusers' writes), catalog-search (search-service.ts), catalog-ingest
 * (ingest-service.ts) and catalog-fetcher (fetcher/service.ts). `Catalog.ProductsChanged`
 * goes out through the outbox.
 */
export const catalogService = defineFunction({
  name: 'catalog',
  routes: catalogRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
