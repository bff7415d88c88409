import {
  lastScraperRun as lastScraperRunContract,
  runScraper as runScraperContract,
} from '@sneakers/shared/contracts/catalog-tools';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { scraperDeps, scraperLog } from './deps';
import { lastScraperRun, runScraper } from './domain';

/** The scraper page's routes (superusers only; the contracts say so too, and the pipeline checks first). */
export const releaseRoutes: Route[] = [
  // 200, not 201: a run creates no resource the caller could address.
  route(runScraperContract, ({ actor, body }) => runScraper(scraperDeps(), actor, body, scraperLog()), {
    status: 200,
  }),
  route(lastScraperRunContract, async ({ actor }) => ({
    lastRun: await lastScraperRun(scraperDeps(), actor),
  })),
];
