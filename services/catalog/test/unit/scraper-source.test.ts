import { afterEach, describe, expect, it } from 'vitest';
import { createHttpReleaseSource, ReleaseSourceError } from '../../src/releases/source';
import {
  calendarPage,
  release,
  startFakeMarketplace,
  type FakeMarketplace,
} from '../support/fake-marketplace';

type Answer = { status: number; body: string } | 'hang';

let fake: FakeMarketplace | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The fake marketplace's calendar: `answer(page, hit)` decides each response; every requested page is recorded. */
async function calendar(answer: (page: number, hit: number) => Answer) {
  const requests: number[] = [];
  fake = await startFakeMarketplace();
  fake.calendar = (page) => {
    requests.push(page);
    const a = answer(page, requests.filter((p) => p === page).length);
    return a === 'hang' ? { hang: true } : { ...a, headers: { 'content-type': 'text/html' } };
  };
  return { url: `${fake.url}/release-calendar`, requests };
}

const ok = (body: string): Answer => ({ status: 200, body });
const pageOf = (page: number, totalPages: number, count = 2) =>
  calendarPage(
    Array.from({ length: count }, (_, i) => release({ styleId: `P${page}-${i}` })),
    { page, totalPages },
  );
const fast = { sleep: () => Promise.resolve() };

describe('the release calendar over HTTP', () => {
  it('follows the pagination and resolves image URLs against the page', async () => {
    const { url, requests } = await calendar((page) => ok(pageOf(page, 3)));
    const fetched = await createHttpReleaseSource({ url, ...fast }).fetchReleases();
    expect(requests).toEqual([1, 2, 3]);
    expect(fetched.releases.map((r) => r.styleId)).toEqual(['P1-0', 'P1-1', 'P2-0', 'P2-1', 'P3-0', 'P3-1']);
    expect([fetched.totalFound, fetched.issues.length, fetched.pages]).toEqual([6, 0, 3]);
    expect(fetched.releases[0]?.media?.imageUrl).toBe(new URL('/images/DD1391-100.svg', url).toString());
  });

  it('reads at most 10 pages however many the calendar claims', async () => {
    const { url, requests } = await calendar((page) => ok(pageOf(page, 500, 1)));
    const fetched = await createHttpReleaseSource({ url, ...fast }).fetchReleases();
    expect(requests).toHaveLength(10);
    expect(fetched.pages).toBe(10);
  });

  it('counts malformed releases across pages and keeps the rest', async () => {
    const { url } = await calendar((page) =>
      ok(
        calendarPage([release({ styleId: `OK${page}` }), release({ styleId: null })], {
          page,
          totalPages: 2,
        }),
      ),
    );
    const fetched = await createHttpReleaseSource({ url, ...fast }).fetchReleases();
    expect(fetched.releases.map((r) => r.styleId)).toEqual(['OK1', 'OK2']);
    expect([fetched.totalFound, fetched.issues.length]).toEqual([4, 2]);
  });

  it('retries a 5xx and a 429, then succeeds', async () => {
    const { url, requests } = await calendar((page, hit) =>
      page === 1 && hit === 1
        ? { status: 503, body: 'busy' }
        : page === 1 && hit === 2
          ? { status: 429, body: '' }
          : ok(pageOf(page, 1)),
    );
    const fetched = await createHttpReleaseSource({ url, ...fast }).fetchReleases();
    expect(requests).toEqual([1, 1, 1]);
    expect(fetched.releases).toHaveLength(2);
  });

  it('gives up after 3 tries on a 5xx, with the status in the message', async () => {
    const { url, requests } = await calendar(() => ({ status: 500, body: 'oops' }));
    const run = createHttpReleaseSource({ url, ...fast }).fetchReleases();
    await expect(run).rejects.toThrow(
      new ReleaseSourceError('Could not fetch release calendar page 1: HTTP 500.'),
    );
    expect(requests).toEqual([1, 1, 1]);
  });

  it('does not retry a 404', async () => {
    const { url, requests } = await calendar(() => ({ status: 404, body: 'not found' }));
    await expect(createHttpReleaseSource({ url, ...fast }).fetchReleases()).rejects.toThrow('HTTP 404');
    expect(requests).toEqual([1]);
  });

  it('times out a page that never answers', async () => {
    const { url } = await calendar(() => 'hang');
    const run = createHttpReleaseSource({ url, timeoutMs: 100, attempts: 2, ...fast }).fetchReleases();
    await expect(run).rejects.toThrow('Could not fetch release calendar page 1: the request timed out.');
  });

  it('fails the scrape when a later page has no data', async () => {
    const { url } = await calendar((page) =>
      ok(page === 1 ? pageOf(1, 2) : '<html><body>Maintenance</body></html>'),
    );
    await expect(createHttpReleaseSource({ url, ...fast }).fetchReleases()).rejects.toThrow(
      'Page 2: The release calendar page has no release data',
    );
  });

  it('says so when no source is configured', async () => {
    await expect(createHttpReleaseSource({ url: undefined }).fetchReleases()).rejects.toThrow(
      'RELEASES_SOURCE_URL',
    );
  });
});
