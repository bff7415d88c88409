import { lazy } from '@sneakers/shared/runtime/function';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { fetcherClient } from '../fetcher/client';
import { productsDeps } from '../products/deps';
import type { ScraperDeps, ScraperLog } from './ports';
import { createScraperRunStore } from './repository';

/** The catalogue's store, the release calendar (through catalog-fetcher) and the last-run row; built on first use. */
export const scraperDeps = lazy((): ScraperDeps => {
  const { client, table } = tableAccess();
  return {
    ...productsDeps(),
    releases: fetcherClient().releases,
    scraperRuns: createScraperRunStore(client, table),
  };
});

/** The scraper logs through catalog-ingest's one Powertools logger. */
export const scraperLog = lazy((): ScraperLog => {
  const { logger } = powertoolsFor('catalog-ingest');
  return { warn: (message, details) => logger.warn(message, details) };
});
