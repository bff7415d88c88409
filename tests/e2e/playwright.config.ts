import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { PORT_VARIABLES } from '../../localstack/src/ports';
import { chromiumArgs, chromiumPath } from './chromium';

/**
 * Browser journeys in Debian's Chromium against the real local cloud serving the
 * production build. Ports sit away from `npm start`'s so both can run at once.
 */
const root = resolve(import.meta.dirname, '../..');
const base = Number(process.env.E2E_BASE_PORT ?? 4610);
// Every port the local cloud opens moves with the base, so two runs never share one.
const ports = Object.fromEntries(Object.values(PORT_VARIABLES).map((v, i) => [v.env, String(base + i)]));
// Workers load this file again: keep the first data folder for all of them.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sneakers-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(root, 'test-results/playwright'),
  // A journey's hang guard, not its speed limit: npm test runs the journeys beside lint,
  // typecheck and vitest on the same cores (scripts/test.sh), where a 20 s journey can take
  // half as long again. Every expect still gives up after 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: join(root, 'test-results/playwright.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${base}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    // A trace records a screencast of every step: over 8 journeys it doubled Chromium's CPU
    // (268 s against 132 s) and kept the runner busy. So only a retry records one: on CI a
    // journey that fails is retried once, and that attempt's trace is kept (docs/adr/0034).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The app's service worker precaches every asset on install: once per context would be
    // ~100 downloads of the whole build. Journeys about the installed app allow it themselves.
    serviceWorkers: 'block',
  },
  webServer: {
    // From empty, the table in memory as the integration suites keep it: nothing outlives the
    // run, and SQLite's synced writes made DynamoDB Local about 4x slower (docs/adr/0033).
    command: 'npx tsx localstack/src/cli.ts start --web=dist --fresh --memory',
    cwd: root,
    url: `http://127.0.0.1:${base}/api/health`,
    env: {
      ...ports,
      LOCAL_DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_NO_WARNINGS: '1',
      // The API caches flag data 15 s; journeys change flags and expect the next call to see it.
      FEATURE_CACHE_TTL_MS: '1000',
      // A closed account is deleted after 2 s, not 30 days (migration.spec.ts finds it gone).
      ACCOUNT_CLOSURE_GRACE_MS: '2000',
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
