import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { freePorts } from '../../localstack/src/ports';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { settled, startCloudProcess, stopCloudProcess } from './cloud-process';
import { median, percentile, REPO_ROOT, row } from './stats';

const SCANS = 30;

/**
 * Store mode's budgets (issue 32, docs/product/store-mode.md), measured in Chromium on the
 * production build with Try Demo's stock: the JavaScript a phone downloads to open the
 * section (gzip, as served; the camera's reader is not part of it), and from a scanned code
 * to its pair on screen with the counter's stock on the device.
 */
export async function benchStoreMode(): Promise<void> {
  console.log(
    '\n## Store mode (budgets: initial JS <= 150 KB gzip, scan to pair on screen median <= 100 ms)',
  );
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-store-mode-'));
  const cloud = await startCloudProcess(await freePorts(), dataDir, ['--web=dist', '--fresh']);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    await settled(cloud.appUrl);
    const phone = { viewport: { width: 390, height: 844 }, serviceWorkers: 'block' as const };
    const first = await browser.newContext(phone);
    const landing = await first.newPage();
    await landing.goto(`${cloud.appUrl}/`);
    await landing.getByTestId('try-demo').click();
    await landing.waitForURL(/\/dashboard$/);
    const state = await first.storageState();
    await first.close();

    // A fresh HTTP cache with the demo session: what a phone downloads to open the section.
    const context = await browser.newContext({ ...phone, storageState: state });
    const page = await context.newPage();
    await page.goto(`${cloud.appUrl}/dashboard/store-mode`);
    await page.getByTestId('store-mode-code').waitFor();
    // Strings, not functions: tsx's helpers are not defined in the page.
    const scripts = await page.evaluate<{ name: string; bytes: number }[]>(`
      performance.getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js'))
        .map((e) => ({ name: e.name, bytes: e.encodedBodySize }))`);
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    if (process.env.BENCH_VERBOSE)
      for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes))
        console.log(`    ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.name.replace(/^.*\//, '')}`);
    const scanner = scripts.some((s) => /wasm-detector|camera-scanner/.test(s.name));
    row(
      'initial JS of /dashboard/store-mode (gzip)',
      `${(total / 1024).toFixed(1)} KB in ${scripts.length} files${scanner ? ' (the camera reader loaded: not expected)' : ''}`,
    );

    // Chromium's own installability check (Lighthouse 12 dropped its PWA audits): the
    // manifest, its icons and a service worker with a fetch handler controlling the page.
    const installable = await browser.newContext({ viewport: phone.viewport, storageState: state });
    const app = await installable.newPage();
    await app.goto(`${cloud.appUrl}/dashboard/store-mode`);
    await app.getByTestId('store-mode-code').waitFor();
    await app.evaluate('navigator.serviceWorker.ready');
    await app.reload();
    await app.getByTestId('store-mode-code').waitFor();
    const cdp = await installable.newCDPSession(app);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    row(
      'installable (Chromium: manifest, icons, service worker)',
      installabilityErrors.length ? `no: ${installabilityErrors.map((e) => e.errorId).join(', ')}` : 'yes',
    );
    const controlled = await app.evaluate<boolean>('navigator.serviceWorker.controller !== null');
    await installable.close();
    row('opened by the service worker after the first visit', controlled ? 'yes' : 'no');

    // The codes of the demo store's stock, as the device keeps it.
    const codes = await page.evaluate<string[]>(`(async () => {
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open('sneakers-store-mode');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = await new Promise((resolve, reject) => {
        const request = db.transaction('stock').objectStore('stock').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return [...new Set(all.flatMap((s) => s.items.flatMap((i) => i.codes.map((c) => c.gtin))))];
    })()`);
    const timings: number[] = [];
    for (const code of codes.slice(0, SCANS)) {
      // From the code's arrival (the Find submit, as a camera read calls the same handler) to
      // the frame that shows one more basket line.
      const ms = await page.evaluate<number>(`(async (value) => {
        const input = document.querySelector('[data-testid="store-mode-code"]');
        const lines = () => document.querySelectorAll('[data-testid="store-mode-basket-line"]').length;
        const before = lines();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(r));
        const started = performance.now();
        input.form.requestSubmit();
        await new Promise((resolve) => {
          const check = () => (lines() > before ? resolve() : requestAnimationFrame(check));
          check();
        });
        return performance.now() - started;
      })(${JSON.stringify(code.slice(2))})`);
      timings.push(ms);
    }
    row(
      `scan to pair on screen (${timings.length} codes of the demo stock)`,
      timings.length
        ? `median ${median(timings).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms`
        : 'no codes in the demo stock',
    );
  } finally {
    await browser.close();
    await stopCloudProcess(cloud.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
