import { Logger } from '@aws-lambda-powertools/logger';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { catalogDeps } from '../deps';
import { fetcherClient } from '../fetcher/client';
import { createScraperRunStore } from './run-entity';
import type { ScraperDeps, ScraperLog } from './run';

/** The catalogue's store, the release calendar (through catalog-fetcher) and the last-run row; built on first use. */
export const scraperDeps = lazy((): ScraperDeps => {
  const env = runtimeEnv();
  return {
    ...catalogDeps(),
    releases: fetcherClient().releases,
    scraperRuns: createScraperRunStore(createDocumentClient(env), env.TABLE_NAME),
  };
});

export const scraperLog = lazy((): ScraperLog => {
  const logger = new Logger({ serviceName: 'catalog-ingest' });
  return { warn: (message, details) => logger.warn(message, details) };
});
