import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs } from '../e2e/chromium';
import { row } from './stats';

/** Scored runs; the median is the figure. Five, as one run on a shared 2-core VM can be off by 10. */
const RUNS = 5;

/**
 * Lighthouse performance (its default mobile preset: simulated slow 4G and 4x CPU
 * slowdown) in Debian's Chromium: one unscored warm-up load (the local server's first
 * responses), then RUNS runs, printing the first scored run's metrics and the median.
 */
export async function lighthouseScore(
  url: string,
  label: string,
  budget = 90,
  /** Also hold the median LCP and CLS to these (Lighthouse's simulated values). */
  vitals?: { lcpMs: number; cls: number },
): Promise<number> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const scores: number[] = [];
    const lcp: number[] = [];
    const cls: number[] = [];
    for (let i = -1; i < RUNS; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no report');
      if (i < 0) continue; // warm-up
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
      cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
      // LIGHTHOUSE_REPORT_DIR=… keeps each run's full report for a closer look.
      const dir = process.env.LIGHTHOUSE_REPORT_DIR;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${label.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
      }
      if (i === 0) {
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
        row(
          `${label}: FCP / LCP / TBT / CLS (first run)`,
          `${audit('first-contentful-paint')} / ${audit('largest-contentful-paint')} / ${audit('total-blocking-time')} / ${audit('cumulative-layout-shift')}`,
        );
      }
    }
    const median = [...scores].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
    row(
      `${label}: Lighthouse performance, mobile (${RUNS} runs)`,
      `${scores.join(', ')} → median ${median} ${median >= budget ? 'ok' : 'UNDER BUDGET'} (budget ${budget})`,
    );
    if (vitals) {
      const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? Number.NaN;
      const [l, c] = [mid(lcp), mid(cls)];
      row(
        `${label}: LCP / CLS (median of ${RUNS})`,
        `${(l / 1000).toFixed(2)} s ${l <= vitals.lcpMs ? 'ok' : 'OVER BUDGET'} (budget ${(vitals.lcpMs / 1000).toFixed(1)} s) / ${c.toFixed(3)} ${c <= vitals.cls ? 'ok' : 'OVER BUDGET'} (budget ${vitals.cls})`,
      );
    }
    return median;
  } finally {
    await chrome.kill();
  }
}
