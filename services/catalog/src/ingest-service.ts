import { defineFunction } from '@sneakers/shared/runtime/function';
import { FETCHER_SERVICE } from './fetcher/protocol';
import { ingestRoutes } from './ingest-routes';
import { scraperSchedules } from './scraper/schedule';

/**
 * catalog-ingest: the marketplace test page, refresh variants, data population (imports),
 * the scraper page and its daily schedule. It writes the catalogue and reaches the
 * marketplace and the release calendar only through catalog-fetcher (docs/adr/0012).
 */
export const catalogIngestService = defineFunction({
  name: 'catalog-ingest',
  routes: ingestRoutes,
  consumers: [],
  schedules: scraperSchedules,
  access: { table: 'readWrite', invokes: [FETCHER_SERVICE] },
});
