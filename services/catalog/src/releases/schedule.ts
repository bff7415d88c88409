import type { Schedule } from '@sneakers/shared/runtime/function';
import { scraperDeps, scraperLog } from './deps';
import { scrapeReleases } from './domain';

/**
 * The daily release scrape (issue 13), saving what it finds. SCRAPER_SCHEDULE (read when
 * CDK synthesises, and by the local runner) overrides the rate. A failed run throws, so it
 * shows in the Lambda's errors and the rule's retries; its summary is recorded either way.
 */
export const releaseSchedules: Schedule[] = [
  {
    id: 'release-scraper',
    expression: process.env.SCRAPER_SCHEDULE ?? 'rate(1 day)',
    async handle() {
      const result = await scrapeReleases(
        scraperDeps(),
        { trigger: 'schedule', saveToDatabase: true },
        { log: scraperLog() },
      );
      if (!result.success) throw new Error(`Release scraper failed: ${result.error ?? 'unknown error'}`);
    },
  },
];
