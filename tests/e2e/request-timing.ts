import type { Page, Request } from '@playwright/test';

/**
 * Watches every HTTP request a page makes and reports those that took, or are still taking,
 * longer than a limit: a request stuck behind others (a connection the page or the local
 * cloud leaves open, a response never read) shows here long before a screen times out.
 */
export function watchRequestTimes(page: Page) {
  const started = new Map<Request, number>();
  const settled: string[] = [];
  const name = (request: Request) => `${request.method()} ${request.url()}`;
  page.on('request', (request) => started.set(request, Date.now()));
  const settle = (request: Request) => {
    const start = started.get(request);
    started.delete(request);
    if (start !== undefined) settled.push(`${name(request)}\t${Date.now() - start}`);
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    /** Requests that took longer than `limitMs`, and those still pending after that long. */
    over(limitMs: number): string[] {
      const now = Date.now();
      const finished = settled
        .map((line) => line.split('\t') as [string, string])
        .filter(([, ms]) => Number(ms) > limitMs)
        .map(([request, ms]) => `${request} took ${ms} ms`);
      const pending = [...started]
        .filter(([, start]) => now - start > limitMs)
        .map(([request, start]) => `${name(request)} pending for ${now - start} ms`);
      return [...finished, ...pending];
    },
    /** The requests still in flight. */
    pending(): string[] {
      return [...started.keys()].map(name);
    },
    /** How many requests so far went to URLs matching `pattern`. */
    count(pattern: RegExp): number {
      return [...settled.map((line) => line.split('\t')[0] ?? ''), ...[...started.keys()].map(name)].filter(
        (line) => pattern.test(line),
      ).length;
    },
  };
}

/**
 * Waits until the page has had no request in flight for `quietMs` (a screen done loading),
 * or `timeoutMs` passed: whatever is still pending then is for the caller to judge.
 *
 * Quiet is not enough on a busy machine: a screen's lazy chunk can arrive and then take longer
 * than `quietMs` to parse and render before the screen asks for its data, with nothing in
 * flight meanwhile. So a quiet page must also let the browser's main thread go idle
 * (requestIdleCallback: no script, render or effect left to run) with still nothing asked.
 */
export async function waitForQuiet(
  page: Page,
  watcher: ReturnType<typeof watchRequestTimes>,
  { quietMs = 400, timeoutMs = 10_000 } = {},
): Promise<void> {
  const until = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < until) {
    // The watcher's state lives in this process: a short local timer (not a round trip to the
    // browser) notices the quiet moment within a few ms; the console sweep waits ~250 times.
    await new Promise((r) => setTimeout(r, 20));
    if (watcher.pending().length > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) {
      await page.evaluate(
        (budget) =>
          new Promise<void>((resolve) => {
            // Runs in the browser; typed by hand because the test code compiles without DOM types.
            const w = globalThis as unknown as {
              requestIdleCallback(cb: () => void, opts: { timeout: number }): void;
            };
            w.requestIdleCallback(() => resolve(), { timeout: budget });
          }),
        Math.max(0, until - Date.now()),
      );
      if (watcher.pending().length === 0) return;
      quietSince = Date.now();
    }
  }
}
