import { beforeAll, describe, expect, it, vi } from 'vitest';
import { listReleases, searchProducts, type Product } from '@sneakers/shared/contracts/catalog';
import { lastScraperRun, runScraper, type ScraperResult } from '@sneakers/shared/contracts/catalog-tools';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import { raw, rejection } from '../../../../tests/support/cloud-client';
import { demoClient, localAdmin, storeUser, type Client } from './support';

/**
 * The release scraper through the local gateway, against the marketplace emulator's
 * release calendar (generated releases for the coming days, from products outside the
 * demo seed, plus exactly two malformed ones).
 */
const run = (client: Client, save: boolean) =>
  client.call(runScraper, {
    body: {
      trigger: save ? 'save_to_db' : 'manual_test',
      saveToDatabase: save,
      timestamp: new Date().toISOString(),
    },
  });

/** Every upcoming release in the catalogue (the table's release index, no search index lag). */
/**
 * Releases from `from` on. The emulator dates its calendar from the day it started, so a run
 * that crosses midnight would otherwise miss the releases dated that first day.
 */
async function upcoming(client: Client, from: string | undefined): Promise<Product[]> {
  const out: Product[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.call(listReleases, {
      query: { limit: 100, ...(from ? { from } : {}), ...(cursor ? { cursor } : {}) },
    });
    out.push(...page.products);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return out;
}

const earliestRelease = (result: ScraperResult) =>
  result.scrapedData.releases
    .map((r) => r.release.releaseDate)
    .filter((d) => d !== null)
    .sort()[0];

const skuKeys = (result: ScraperResult) =>
  new Set(result.scrapedData.releases.map((r) => styleCodeKey(r.product.sku)));

let admin: Client;
beforeAll(async () => {
  admin = await localAdmin();
});

describe('release scraper', () => {
  it('runs as the superuser: found, processed and the 2 malformed releases as errors, nothing saved', async () => {
    const result = await run(admin, false);
    expect(result).toMatchObject({ success: true, error: null, errorCount: 2, savedToDatabase: false });
    expect(result.processedCount).toBeNull();
    const { totalFound, processed, releases } = result.scrapedData;
    expect(processed).toBeGreaterThan(0);
    expect(totalFound).toBe(processed + 2);
    expect(releases).toHaveLength(processed);
    for (const release of releases) {
      expect(release.product.sku).not.toBe('');
      expect(release.release.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(release.sizes).toEqual(release.variants.map((v) => v.variantLabel));
    }
    // Sizes come with every system (from the source, or the shared size chart).
    const variant = releases.flatMap((r) => r.variants)[0];
    expect(variant?.sizeData.eu).not.toBeNull();
    expect(variant?.sizeData.usM).not.toBeNull();

    const { lastRun } = await admin.call(lastScraperRun);
    expect(lastRun).toMatchObject({
      trigger: 'manual_test',
      success: true,
      totalFound,
      processed,
      errorCount: 2,
    });
  });

  // Two saves of the whole calendar and the search index catching up: slow on a busy machine.
  it('saves the releases as products; a second save updates them without duplicates', async () => {
    const first = await run(admin, true);
    expect(first).toMatchObject({ success: true, savedToDatabase: true, errorCount: 2 });
    const keys = skuKeys(first);
    expect(first.processedCount).toBe(keys.size);

    const saved = (await upcoming(admin, earliestRelease(first))).filter((p) =>
      keys.has(styleCodeKey(p.sku)),
    );
    expect(saved).toHaveLength(keys.size);
    const release = first.scrapedData.releases[0];
    if (!release) throw new Error('no release scraped');
    const product = saved.find((p) => styleCodeKey(p.sku) === styleCodeKey(release.product.sku));
    expect(product).toMatchObject({
      name: release.product.name,
      brand: release.product.brand,
      releaseDate: release.release.releaseDate,
      retailPrice: release.release.retailPrice,
      currency: 'EUR',
    });

    // Found by search too, once the index has the change (the outbox consumer updates it).
    await vi.waitFor(
      async () => {
        const found = await admin.call(searchProducts, { query: { q: release.product.sku } });
        expect(found.products.map((p) => p.id)).toContain(product?.id);
      },
      { timeout: 45_000, interval: 500 },
    );

    const second = await run(admin, true);
    expect(second).toMatchObject({
      success: true,
      savedToDatabase: true,
      processedCount: first.processedCount,
    });
    const after = (await upcoming(admin, earliestRelease(first))).filter((p) =>
      keys.has(styleCodeKey(p.sku)),
    );
    expect(after.map((p) => p.id).sort()).toEqual(saved.map((p) => p.id).sort());

    const { lastRun } = await admin.call(lastScraperRun);
    expect(lastRun).toMatchObject({ trigger: 'save_to_db', success: true, savedCount: first.processedCount });
  }, 90_000);

  it('refuses everyone but superusers: 401 signed out, 403 for a store user, DEMO_MODE for the demo', async () => {
    const signedOut = await raw('/api/catalog/scraper/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        trigger: 'manual_test',
        saveToDatabase: false,
        timestamp: new Date().toISOString(),
      }),
    });
    expect(signedOut.status).toBe(401);

    const { client: store } = await storeUser('Scraper Shop');
    for (const refused of [await rejection(run(store, false)), await rejection(store.call(lastScraperRun))])
      expect([refused.status, refused.code]).toEqual([403, 'SUPERUSER_REQUIRED']);

    const demo = await demoClient();
    for (const save of [false, true]) {
      const refused = await rejection(run(demo, save));
      expect([refused.status, refused.code]).toEqual([403, 'DEMO_MODE']);
    }
  });

  it('refuses a request the contract does not allow', async () => {
    const refused = await rejection(
      admin.call(runScraper, {
        // @ts-expect-error: 'schedule' is the timer's trigger, not the page's.
        body: { trigger: 'schedule', saveToDatabase: true, timestamp: new Date().toISOString() },
      }),
    );
    expect([refused.status, refused.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
