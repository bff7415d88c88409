import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import { toast } from 'sonner';
import type { ScraperResult } from '@sneakers/shared';
import { canSaveReleases, mappingPreview, sizesSummary } from '../model/releases';
import { callsTo, refusal, release, renderTool, scraperResult, testProfile } from './test-support';

const superuser = testProfile({ userId: 'su-1', isSuperuser: true });
const RUNS = '/api/catalog/scraper/runs';
const LAST = '/api/catalog/scraper/last-run';

// Sonner keeps its toasts in module state: one test's toasts must not show in the next.
afterEach(() => {
  toast.dismiss();
});

type Answer = (body: { trigger: string; saveToDatabase: boolean }) => Response | Promise<Response>;

/** The scraper page as the superuser; `run` answers each POST of a run or save. */
function renderScraper(run: Answer, lastRun: unknown = null) {
  return renderTool(
    '/stockx-testing',
    (url, init) => {
      if (url.pathname === LAST) return Response.json({ lastRun });
      if (url.pathname === RUNS && init?.method === 'POST')
        return run(JSON.parse(String(init.body)) as { trigger: string; saveToDatabase: boolean });
      return undefined;
    },
    superuser,
  );
}

const saved = (result: ScraperResult): ScraperResult => ({
  ...result,
  savedToDatabase: true,
  processedCount: result.scrapedData.processed,
});

describe('scraper test page: access', () => {
  it("says 'Access denied' to a visitor", { timeout: 20_000 }, async () => {
    // The first test of the file loads the app's lazy chunks cold: slow on a busy machine.
    renderTool('/stockx-testing', () => undefined, null);
    const denied = await screen.findByTestId('tools-access-denied');
    expect(within(denied).getByRole('heading').textContent).toBe('Access denied');
  });

  it('tells a signed-in user who is not a superuser that the tool is for superusers only', async () => {
    const { fetchMock } = renderTool(
      '/stockx-testing',
      (url) => (url.pathname === LAST ? refusal(403, 'SUPERUSER_REQUIRED', 'Superusers only.') : undefined),
      testProfile({ userId: 'u-2', isSuperuser: false }),
    );
    const panel = await screen.findByTestId('tools-superuser-only');
    expect(panel.textContent).toContain('Only superusers can use this tool');
    expect(screen.queryByTestId('scraper-run')).toBeNull();
    // Decided from the profile: no call the API would refuse (and log as a console error).
    expect(callsTo(fetchMock, LAST)).toEqual([]);
  });
});

describe('scraper test page: run and save', () => {
  it(
    "starts 'Ready to Test', runs without saving, then saves: Save disappears and the saved badge shows",
    { timeout: 15_000 },
    async () => {
      const result = scraperResult();
      const { fetchMock } = renderScraper((body) =>
        Response.json(body.saveToDatabase ? saved(result) : result),
      );
      expect((await screen.findByTestId('scraper-empty')).textContent).toContain('Ready to Test');
      expect((await screen.findByTestId('scraper-last-run')).textContent).toBe('Last run: never');
      expect(screen.queryByTestId('scraper-save')).toBeNull();

      fireEvent.click(screen.getByTestId('scraper-run'));
      expect(await screen.findByText('Scraping Completed')).toBeTruthy();
      expect(screen.getByText('Found 4 products, processed 2')).toBeTruthy();
      expect(screen.getByTestId('scraper-found').textContent).toBe('4');
      expect(screen.getByTestId('scraper-processed').textContent).toBe('2');
      expect(screen.getByTestId('scraper-errors').textContent).toBe('2');
      expect(screen.getByTestId('scraper-status').textContent).toBe('Completed');
      expect(screen.queryByTestId('scraper-saved')).toBeNull();
      expect(screen.queryByTestId('scraper-empty')).toBeNull();
      expect(screen.getAllByTestId('scraper-release-row')).toHaveLength(2);

      fireEvent.click(screen.getByTestId('scraper-save'));
      expect(await screen.findByText('Saved 2 products to database')).toBeTruthy();
      expect(screen.getByText('Success')).toBeTruthy();
      expect(screen.getByTestId('scraper-saved').textContent).toBe('Saved');
      expect(screen.queryByTestId('scraper-save')).toBeNull();

      const bodies = callsTo(fetchMock, RUNS).map((c) => c.body as Record<string, unknown>);
      expect(bodies.map(({ trigger, saveToDatabase }) => ({ trigger, saveToDatabase }))).toEqual([
        { trigger: 'manual_test', saveToDatabase: false },
        { trigger: 'save_to_db', saveToDatabase: true },
      ]);
      for (const body of bodies) expect(Number.isNaN(Date.parse(String(body.timestamp)))).toBe(false);
      // The last-run line is read again after each call.
      expect(callsTo(fetchMock, LAST).length).toBeGreaterThanOrEqual(3);
    },
  );

  it('disables Run and Save while either is running, and a re-run replaces the result', async () => {
    let release1: (response: Response) => void = () => undefined;
    let runs = 0;
    renderScraper(() => {
      runs++;
      if (runs === 1) return Response.json(scraperResult());
      return new Promise<Response>((resolve) => {
        release1 = resolve;
      });
    });
    fireEvent.click(await screen.findByTestId('scraper-run'));
    await screen.findByTestId('scraper-save');
    fireEvent.click(screen.getByTestId('scraper-run'));
    await waitFor(() => expect(screen.getByTestId('scraper-run').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('scraper-run').textContent).toBe('Running...');
    expect(screen.getByTestId('scraper-save').hasAttribute('disabled')).toBe(true);
    release1(Response.json(scraperResult({ errorCount: 0 }, [release(7)])));
    await waitFor(() => expect(screen.getAllByTestId('scraper-release-row')).toHaveLength(1));
    expect(screen.getByTestId('scraper-errors').textContent).toBe('0');
    expect(screen.getByTestId('scraper-run').hasAttribute('disabled')).toBe(false);
  });

  it("shows a failed run: 'Scraping Failed' with the server's error, the failed badge and the error text", async () => {
    renderScraper(() =>
      Response.json(
        scraperResult({ success: false, error: 'Release source answered 503', errorCount: 0 }, []),
      ),
    );
    fireEvent.click(await screen.findByTestId('scraper-run'));
    expect(await screen.findByText('Scraping Failed')).toBeTruthy();
    expect(screen.getByTestId('scraper-status').textContent).toBe('Failed');
    expect(screen.getByTestId('scraper-error').textContent).toBe('Release source answered 503');
    expect(screen.getAllByText('Release source answered 503')).toHaveLength(2);
    // No releases: nothing to save.
    expect(screen.queryByTestId('scraper-save')).toBeNull();
    expect(screen.getByTestId('scraper-no-releases')).toBeTruthy();
  });

  it("falls back to 'Unknown error occurred' for a failed run without an error", async () => {
    renderScraper(() => Response.json(scraperResult({ success: false, error: null }, [])));
    fireEvent.click(await screen.findByTestId('scraper-run'));
    expect(await screen.findByText('Scraping Failed')).toBeTruthy();
    expect(screen.getByText('Unknown error occurred')).toBeTruthy();
  });

  it("toasts 'Error' with the exception's message when the run call itself fails", async () => {
    renderScraper(() => refusal(500, 'INTERNAL', 'Internal error (ref 42)'));
    fireEvent.click(await screen.findByTestId('scraper-run'));
    expect(await screen.findByText('Internal error (ref 42)')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByTestId('scraper-empty')).toBeTruthy();
  });

  it("toasts 'Error' with the message when saving fails, and keeps Save", async () => {
    renderScraper((body) =>
      body.saveToDatabase
        ? refusal(502, 'MARKETPLACE_ERROR', 'Catalogue write failed')
        : Response.json(scraperResult()),
    );
    fireEvent.click(await screen.findByTestId('scraper-run'));
    fireEvent.click(await screen.findByTestId('scraper-save'));
    expect(await screen.findByText('Catalogue write failed')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('scraper-save').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('scraper-saved')).toBeNull();
  });

  it("falls back to 'Failed to save to database' when a save answers failure without an error", async () => {
    renderScraper((body) =>
      Response.json(body.saveToDatabase ? scraperResult({ success: false, error: null }) : scraperResult()),
    );
    fireEvent.click(await screen.findByTestId('scraper-run'));
    fireEvent.click(await screen.findByTestId('scraper-save'));
    expect(await screen.findByText('Failed to save to database')).toBeTruthy();
  });

  it('shows the last run from the server', async () => {
    renderScraper(() => Response.json(scraperResult()), {
      ranAt: '2026-11-20T06:00:00Z',
      trigger: 'schedule',
      success: true,
      totalFound: 31,
      processed: 29,
      errorCount: 2,
      savedCount: 29,
    });
    const line = await screen.findByText(/^Last run: /);
    expect(line.textContent).toContain('2026');
    expect(line.textContent).toContain('scheduled, 31 found, 2 errors');
  });
});

describe('scraper test page: releases table and detail', () => {
  it("shows 3 sizes then '+N', the variant count, euro prices or 'N/A', and a placeholder for a broken image", async () => {
    renderScraper(() =>
      Response.json(
        scraperResult({}, [
          release(1, { sizes: ['US 8', 'US 9', 'US 10', 'US 11', 'US 12'], variants: 5 }),
          release(2, { sizes: ['EU 40', 'EU 41'], variants: 2, price: null }),
        ]),
      ),
    );
    fireEvent.click(await screen.findByTestId('scraper-run'));
    const rows = await screen.findAllByTestId('scraper-release-row');
    const [first, second] = rows;
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByTestId('scraper-release-sizes').textContent).toBe('US 8US 9US 10+2');
    expect(within(second).getByTestId('scraper-release-sizes').textContent).toBe('EU 40EU 41');
    expect(within(first).getByTestId('scraper-release-variants').textContent).toBe('5');
    expect(within(first).getByTestId('scraper-release-price').textContent).toBe('€129.99');
    expect(within(second).getByTestId('scraper-release-price').textContent).toBe('N/A');
    expect(first.textContent).toContain('Air Test 1');
    expect(first.textContent).toContain('White/Black');
    expect(first.textContent).toContain('men · sneakers');
    expect(first.textContent).toContain('DD1301-100');
    expect(first.textContent).toContain('2026-12-05');

    fireEvent.error(within(first).getByTestId('release-image'));
    expect(await within(first).findByTestId('release-image-placeholder')).toBeTruthy();
    expect(within(second).getByTestId('release-image')).toBeTruthy();
  });

  it('opens the detail panel: fields, the variants table and the mapping preview of 2 variants', async () => {
    renderScraper(() => Response.json(scraperResult({}, [release(3, { variants: 4 })])));
    fireEvent.click(await screen.findByTestId('scraper-run'));
    fireEvent.click(await screen.findByTestId('scraper-view-details'));
    const panel = await screen.findByTestId('scraper-detail');
    expect(within(panel).getByTestId('scraper-detail-sku').textContent).toBe('DD1303-100');
    expect(within(panel).getByTestId('scraper-detail-slug').textContent).toBe('air-test-3');
    expect(within(panel).getByTestId('scraper-detail-status').textContent).toBe('upcoming');
    expect(within(panel).getByTestId('scraper-detail-retailPrice').textContent).toBe('€129.99');
    const variants = within(panel).getAllByTestId('scraper-variant-row');
    expect(variants).toHaveLength(4);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(variants[0] as HTMLElement)).toEqual(['US M 8', '8', '41', '9.5', '7', '26', '€129.99']);
    // Missing sizes show '-'.
    expect(cells(variants[1] as HTMLElement)).toEqual(['US M 9', '9', '-', '10.5', '8', '-', '€129.99']);

    const preview = JSON.parse(
      within(panel).getByTestId('scraper-mapping-variants').textContent ?? '',
    ) as unknown[];
    expect(preview).toHaveLength(2);
    expect(preview[0]).toEqual({
      variant_label: 'US M 8',
      retail_price: 12999,
      size: { eu: '41', us_m: '8', us_w: '9.5', uk: '7', jp_cm: '26' },
    });
    const product = JSON.parse(
      within(panel).getByTestId('scraper-mapping-product').textContent ?? '',
    ) as Record<string, unknown>;
    expect(product).toMatchObject({
      sku: 'DD1303-100',
      stockx_slug: 'air-test-3',
      release_date: '2026-12-05',
    });
    expect(within(panel).getByText('product_variants (first 2 of 4)')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('scraper-detail')).toBeNull());
  });
});

describe('scraper model', () => {
  it("keeps 3 sizes and counts the rest as '+N'", () => {
    expect(sizesSummary(['1', '2', '3', '4', '5', '6'])).toEqual({ shown: ['1', '2', '3'], more: 3 });
    expect(sizesSummary(['1', '2', '3'])).toEqual({ shown: ['1', '2', '3'], more: 0 });
    expect(sizesSummary([])).toEqual({ shown: [], more: 0 });
  });

  it('previews at most 2 variants, with upper-case labels', () => {
    expect(mappingPreview(release(1, { variants: 1 })).variants).toHaveLength(1);
    const preview = mappingPreview(release(1, { variants: 9 }));
    expect(preview.variants.map((v) => v.variant_label)).toEqual(['US M 8', 'US M 9']);
  });

  it("refuses to save without releases ('No Data')", () => {
    expect(canSaveReleases(null)).toBe(false);
    expect(canSaveReleases(scraperResult({}, []))).toBe(false);
    expect(canSaveReleases(scraperResult())).toBe(true);
  });
});
