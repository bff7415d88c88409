import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { FETCHER_SERVICE } from '../fetcher/protocol';
import { importRoutes } from '../imports/routes';
import { marketplaceRoutes } from '../marketplace/routes';
import { releaseRoutes } from '../releases/routes';
import { releaseSchedules } from '../releases/schedule';

/**
 * catalog-ingest: the marketplace test page and refresh variants (`marketplace`), data
 * population (`imports`), the scraper page and its daily schedule (`releases`). It writes
 * the catalogue and reaches the marketplace and the release calendar only through
 * catalog-fetcher (docs/adr/0012).
 */
export const catalogIngestFunction = defineFunction({
  name: 'catalog-ingest',
  routes: [...marketplaceRoutes, ...importRoutes, ...releaseRoutes],
  consumers: [],
  schedules: releaseSchedules,
  access: { table: 'readWrite', invokes: [FETCHER_SERVICE] },
});

export const handler = createLambdaHandler(catalogIngestFunction);
