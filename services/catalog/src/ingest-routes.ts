import type { Route } from '@sneakers/shared/runtime/function';
import { marketplaceRoutes } from './marketplace/routes';
import { scraperRoutes } from './scraper/routes';

/** catalog-ingest's routes: the marketplace test page, refresh variants, imports and the scraper. */
export const ingestRoutes: Route[] = [...marketplaceRoutes, ...scraperRoutes];
