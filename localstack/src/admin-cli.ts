import { ApiError } from '@sneakers/shared/api-client';
import { runScraper } from '@sneakers/shared/contracts/catalog-tools';
import { updateComingSoonSettings, updateSignupSettings } from '@sneakers/shared/contracts/settings';
import { localAdminApi } from './admin-session';
import { portsFromEnv } from './ports';

/**
 * `npm run admin -- coming-soon on|off` and `npm run admin -- signup on|off`: changes a
 * site setting on the running local cloud as the seeded superuser, through the API.
 * `npm run admin -- scrape`: runs the release scraper now and saves (the daily schedule's run).
 */
const USAGE =
  'Usage: npm run admin -- coming-soon on|off  |  npm run admin -- signup on|off  |  npm run admin -- scrape';

async function scrape() {
  const call = await localAdminApi(`http://127.0.0.1:${portsFromEnv().app}`);
  const result = await call(runScraper, {
    body: { trigger: 'save_to_db', saveToDatabase: true, timestamp: new Date().toISOString() },
  });
  if (!result.success) throw new Error(`Scraper failed: ${result.error ?? 'unknown error'}`);
  const { totalFound, processed } = result.scrapedData;
  process.stdout.write(
    `Found ${totalFound} releases, processed ${processed}, ${result.errorCount} errors; saved ${result.processedCount ?? 0} products.\n`,
  );
}

async function main() {
  if (process.argv[2] === 'scrape') return scrape();
  const [setting, state] = process.argv.slice(2);
  if (!['coming-soon', 'signup'].includes(setting ?? '') || !['on', 'off'].includes(state ?? '')) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const call = await localAdminApi(`http://127.0.0.1:${portsFromEnv().app}`);
  const isEnabled = state === 'on';
  if (setting === 'coming-soon') await call(updateComingSoonSettings, { body: { isEnabled } });
  else await call(updateSignupSettings, { body: { isEnabled } });
  process.stdout.write(`${setting} is now ${state}. Open browsers update without a reload.\n`);
}

main().catch((error: unknown) => {
  const message =
    error instanceof ApiError
      ? `${error.code}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
