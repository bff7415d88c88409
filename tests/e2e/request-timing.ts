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
 */
export async function waitForQuiet(
  page: Page,
  watcher: ReturnType<typeof watchRequestTimes>,
  { quietMs = 400, timeoutMs = 10_000 } = {},
): Promise<void> {
  const until = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < until) {
    await page.waitForTimeout(100);
    if (watcher.pending().length > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
}
