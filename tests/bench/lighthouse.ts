import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs } from '../e2e/chromium';
import { row } from './stats';

/**
 * Lighthouse performance (its default mobile preset: simulated slow 4G and 4x CPU
 * slowdown) in Debian's Chromium, three runs, printing the first run's metrics and the
 * median score.
 */
export async function lighthouseScore(url: string, label: string): Promise<number> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const scores: number[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await lighthouse(url, {
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
          `${label}: FCP / LCP / TBT / CLS (first run)`,
          `${audit('first-contentful-paint')} / ${audit('largest-contentful-paint')} / ${audit('total-blocking-time')} / ${audit('cumulative-layout-shift')}`,
        );
      }
    }
    const median = [...scores].sort((a, b) => a - b)[1] ?? 0;
    row(
      `${label}: Lighthouse performance, mobile (3 runs)`,
      `${scores.join(', ')} → median ${median} ${median >= 90 ? 'ok' : 'UNDER BUDGET'}`,
    );
    return median;
  } finally {
    await chrome.kill();
  }
}
