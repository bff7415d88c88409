import type { RuntimeEnv } from '@sneakers/shared/runtime/config';
import { ReleaseSourceError } from './errors';
import { parseReleasePage, ReleasePageError, type ReleaseIssue, type SourceRelease } from './parse';

/** The release calendar's pages the scraper reads, at most (a runaway pagination stops here). */
export const MAX_RELEASE_PAGES = 10;

/** Everything one scrape read from the calendar. */
export interface FetchedReleases {
  /** Valid releases, image URLs absolute. */
  releases: SourceRelease[];
  /** Releases listed, malformed ones included. */
  totalFound: number;
  /** Malformed releases (counted as errors, not kept). */
  issues: ReleaseIssue[];
  pages: number;
}

/** Where releases come from (docs/product/catalogue.md#release-scraper); the emulator serves it locally. */
export interface ReleaseSource {
  /** Every page of the calendar; throws ReleaseSourceError when a page cannot be fetched or read. */
  fetchReleases(): Promise<FetchedReleases>;
}

export { ReleaseSourceError } from './errors';

export interface HttpReleaseSourceOptions {
  url: string | undefined;
  /** Per request, body included. */
  timeoutMs?: number;
  /** The whole scrape, every page and retry: a manual run answers within API Gateway's 29 s. */
  totalTimeoutMs?: number;
  /** Tries per page on 429, 5xx, timeouts and network errors. */
  attempts?: number;
  /** First backoff step, doubled per retry. */
  baseDelayMs?: number;
  maxPages?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULTS = { timeoutMs: 8_000, totalTimeoutMs: 22_000, attempts: 3, baseDelayMs: 300 };
/** A calendar page is a few hundred KB; anything far larger is not one. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

const isRetryable = (status: number) => status === 429 || status >= 500;

function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'the request timed out';
  return error instanceof Error ? error.message : String(error);
}

/** An image URL as an absolute http(s) URL (the calendar may write them relative), else null. */
function absoluteUrl(value: string | null | undefined, base: string): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function pageUrl(base: string, page: number): string {
  if (page === 1) return base;
  const url = new URL(base);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * The release calendar over HTTP: page 1 at the configured URL, then `?page=N` up to the
 * pagination's total (at most `maxPages`), each request with a timeout and up to
 * `attempts` tries on 429, 5xx and network failures (exponential backoff). A page that
 * still fails, or holds no readable data, fails the whole scrape: saving half a calendar
 * would look like releases were cancelled.
 */
export function createHttpReleaseSource(options: HttpReleaseSourceOptions): ReleaseSource {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const attempts = Math.max(1, options.attempts ?? DEFAULTS.attempts);
  const baseDelayMs = options.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const maxPages = Math.max(1, options.maxPages ?? MAX_RELEASE_PAGES);
  const doFetch = options.fetch ?? fetch;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULTS.totalTimeoutMs;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function fetchPage(url: string, page: number, deadline: number): Promise<string> {
    let failure = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(baseDelayMs * 2 ** (attempt - 2));
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        failure = failure ? `${failure}, then out of time` : 'out of time';
        break;
      }
      try {
        const response = await doFetch(url, {
          headers: { accept: 'text/html,application/xhtml+xml' },
          signal: AbortSignal.timeout(Math.min(timeoutMs, remaining)),
        });
        const body = await response.text();
        if (response.ok) {
          if (body.length > MAX_PAGE_BYTES)
            throw new ReleaseSourceError(`Release calendar page ${page} is too large.`);
          return body;
        }
        failure = `HTTP ${response.status}`;
        if (!isRetryable(response.status)) break;
      } catch (error) {
        if (error instanceof ReleaseSourceError) throw error;
        failure = describeFailure(error);
      }
    }
    throw new ReleaseSourceError(`Could not fetch release calendar page ${page}: ${failure}.`);
  }

  return {
    async fetchReleases() {
      const base = options.url;
      if (!base)
        throw new ReleaseSourceError('The release calendar source is not configured (RELEASES_SOURCE_URL).');
      const releases: SourceRelease[] = [];
      const issues: ReleaseIssue[] = [];
      let totalFound = 0;
      let totalPages = 1;
      let page = 1;
      const deadline = Date.now() + totalTimeoutMs;
      for (; page <= Math.min(totalPages, maxPages); page++) {
        const url = pageUrl(base, page);
        const html = await fetchPage(url, page, deadline);
        let parsed;
        try {
          parsed = parseReleasePage(html);
        } catch (error) {
          if (error instanceof ReleasePageError)
            throw new ReleaseSourceError(`Page ${page}: ${error.message}`);
          throw error;
        }
        totalFound += parsed.totalFound;
        issues.push(...parsed.issues);
        for (const release of parsed.releases)
          releases.push({
            ...release,
            media: { ...release.media, imageUrl: absoluteUrl(release.media?.imageUrl, url) },
          });
        if (page === 1) totalPages = parsed.totalPages;
      }
      return { releases, totalFound, issues, pages: page - 1 };
    },
  };
}

/** The configured calendar (RELEASES_SOURCE_URL; the marketplace emulator's pages locally). */
export function createReleaseSource(env: RuntimeEnv): ReleaseSource {
  return createHttpReleaseSource({ url: env.RELEASES_SOURCE_URL });
}
