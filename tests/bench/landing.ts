import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePorts } from '../../localstack/src/ports';
import { chromiumArgs } from '../e2e/chromium';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import { REPO_ROOT, row } from './stats';

/**
 * Landing page budgets: initial JavaScript (gzip) from the production build's manifest,
 * and Lighthouse's mobile performance score against the production build served by the
 * local cloud, in Debian's Chromium.
 */
export async function benchLanding(): Promise<void> {
  console.log('\n## Landing page (budgets: initial JS <= 120 KB gzip, Lighthouse mobile performance >= 90)');
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const sizeScript = join(REPO_ROOT, 'web', 'scripts', 'landing-size.mjs');
  if (existsSync(sizeScript)) {
    row(
      'initial JS of the landing route',
      execFileSync(process.execPath, [sizeScript], { cwd: REPO_ROOT }).toString().trim(),
    );
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-lh-'));
  const cloud = await startCloudProcess(await freePorts(), dataDir, ['--web=dist', '--fresh']);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const scores: number[] = [];
    // Three runs: the score of a throttled, simulated mobile load varies by a few points.
    for (let i = 0; i < 3; i++) {
      const result = await lighthouse(`${cloud.appUrl}/`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no report');
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      if (i === 0) {
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
        row(
          'first run: FCP / LCP / TBT / CLS',
          `${audit('first-contentful-paint')} / ${audit('largest-contentful-paint')} / ${audit('total-blocking-time')} / ${audit('cumulative-layout-shift')}`,
        );
      }
    }
    const median = [...scores].sort((a, b) => a - b)[1] ?? 0;
    row(
      'Lighthouse performance, mobile preset (3 runs)',
      `${scores.join(', ')} → median ${median} ${median >= 90 ? 'ok' : 'UNDER BUDGET'}`,
    );
  } finally {
    await chrome.kill();
    await stopCloudProcess(cloud.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
