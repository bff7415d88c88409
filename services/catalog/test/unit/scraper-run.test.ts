import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Actor } from '@sneakers/shared/actor';
import { scraperResultSchema } from '@sneakers/shared/contracts/catalog-tools';
import { ForbiddenError } from '@sneakers/shared/errors';
import { sourceReleaseSchema, type SourceRelease } from '../../src/releases/parse';
import { mappedReleases } from '../../src/releases/feed';
import { lastScraperRun, runScraper, scrapeReleases } from '../../src/releases/domain';
import type { ScraperDeps, ScraperRunRecord, ScraperRunStore } from '../../src/releases/ports';
import type { FetchedReleases, ReleaseSource } from '../../src/releases/source';
import { memoryDeps } from './memory';
import { release, type FixtureRelease } from '../support/fake-marketplace';

const superuser: Actor = { kind: 'user', userId: 'admin', isSuperuser: true, isDemo: false };
const store: Actor = { kind: 'user', userId: 'store-1', isSuperuser: false, isDemo: false };
const demo: Actor = { kind: 'user', userId: 'demo', isSuperuser: false, isDemo: true };

const valid = (overrides: FixtureRelease = {}): SourceRelease =>
  z.parse(sourceReleaseSchema, release({ media: { imageUrl: 'http://localhost/img.svg' }, ...overrides }));

/** A calendar that answers what the test sets (a port of ours, not an SDK). */
function calendar(answer: () => Promise<FetchedReleases>): ReleaseSource {
  return { fetchReleases: answer };
}
const listing = (releases: SourceRelease[], issues = 0): FetchedReleases => ({
  releases,
  totalFound: releases.length + issues,
  issues: Array.from({ length: issues }, (_, index) => ({
    index,
    styleId: null,
    problem: 'styleId: required',
  })),
  pages: 1,
});

function setup(source: ReleaseSource) {
  const memory = memoryDeps();
  let last: ScraperRunRecord | null = null;
  const scraperRuns: ScraperRunStore = {
    recordLast: async (run) => {
      last = run;
    },
    last: async () => last,
  };
  const deps: ScraperDeps = { ...memory.deps, releases: mappedReleases(source), scraperRuns };
  return { ...memory, deps, last: () => last };
}

const body = (saveToDatabase: boolean) => ({
  trigger: saveToDatabase ? ('save_to_db' as const) : ('manual_test' as const),
  saveToDatabase,
});

describe('runScraper', () => {
  it('a test run reports found, processed and errors without writing, and becomes the last run', async () => {
    const t = setup(calendar(async () => listing([valid({ styleId: 'A1' }), valid({ styleId: 'B2' })], 2)));
    const result = await runScraper(t.deps, superuser, body(false));
    expect(z.safeParse(scraperResultSchema, result).success).toBe(true);
    expect(result).toMatchObject({
      success: true,
      error: null,
      errorCount: 2,
      savedToDatabase: false,
      processedCount: null,
      scrapedData: { totalFound: 4, processed: 2 },
    });
    expect(result.scrapedData.releases.map((r) => r.product.sku)).toEqual(['A1', 'B2']);
    expect(t.products.size).toBe(0);
    expect(await lastScraperRun(t.deps, superuser)).toEqual({
      ranAt: '2026-11-22T10:00:00.000Z',
      trigger: 'manual_test',
      success: true,
      totalFound: 4,
      processed: 2,
      errorCount: 2,
      savedCount: null,
    });
  });

  it('saves products with variants; a second save updates them (the same SKU in any format)', async () => {
    let releases = [valid({ styleId: 'DD1391-100' }), valid({ styleId: 'GW2871', brand: 'adidas' })];
    const t = setup(calendar(async () => listing(releases)));
    const first = await runScraper(t.deps, superuser, body(true));
    expect(first).toMatchObject({ success: true, savedToDatabase: true, processedCount: 2 });
    expect([...t.products.values()].map((p) => p.sku).sort()).toEqual(['DD1391-100', 'GW2871']);
    const dunk = [...t.products.values()].find((p) => p.sku === 'DD1391-100');
    expect(dunk).toMatchObject({
      retailPrice: 11999,
      currency: 'EUR',
      releaseDate: '2030-03-10',
      gender: 'men',
    });
    expect(
      [...(t.variants.get(dunk?.id ?? '')?.values() ?? [])]
        .map((v) => [v.label, v.size.eu, v.size.brand])
        .sort(),
    ).toEqual([
      ['US M 10', '44', 'nike'],
      ['US M 9', '42.5', 'nike'],
    ]);

    releases = [valid({ styleId: 'dd1391 100', title: 'Nike Dunk Low Panda', retailPrice: 129 })];
    const second = await runScraper(t.deps, superuser, body(true));
    expect(second.processedCount).toBe(1);
    expect(t.products.size).toBe(2);
    expect([...t.products.values()].find((p) => p.id === dunk?.id)).toMatchObject({
      name: 'Nike Dunk Low Panda',
      retailPrice: 12900,
    });
    expect(t.last()).toMatchObject({ trigger: 'save_to_db', savedCount: 1, actorUserId: 'admin' });
  });

  it('saves many releases in chunks of 50, one product per SKU', async () => {
    const many = Array.from({ length: 120 }, (_, i) => valid({ styleId: `SKU${1000 + i}`, variants: [] }));
    const t = setup(calendar(async () => listing([...many, valid({ styleId: 'sku-1000', variants: [] })])));
    const result = await runScraper(t.deps, superuser, body(true));
    expect([result.scrapedData.processed, result.processedCount]).toEqual([121, 120]);
    expect(t.products.size).toBe(120);
    expect(t.events.length).toBeGreaterThanOrEqual(3);
  });

  it('counts a release the catalogue would refuse as an error and saves the rest', async () => {
    const t = setup(calendar(async () => listing([valid({ styleId: '---' }), valid({ styleId: 'OK1' })])));
    const result = await runScraper(t.deps, superuser, body(true));
    expect(result).toMatchObject({ success: true, errorCount: 1, processedCount: 1 });
    expect(result.scrapedData).toMatchObject({ totalFound: 2, processed: 1 });
  });

  it('answers a failed fetch as success false with the error text, and records it', async () => {
    const t = setup(
      calendar(() => Promise.reject(new Error('Could not fetch release calendar page 1: HTTP 502.'))),
    );
    const result = await runScraper(t.deps, superuser, body(true));
    expect(result).toMatchObject({
      success: false,
      error: 'Could not fetch release calendar page 1: HTTP 502.',
      savedToDatabase: false,
      processedCount: null,
      scrapedData: { totalFound: 0, processed: 0, releases: [] },
    });
    expect(t.last()).toMatchObject({ success: false, trigger: 'save_to_db', error: result.error });
  });

  it('answers a failed save as success false with what went wrong', async () => {
    const t = setup(calendar(async () => listing([valid()])));
    const broken: ScraperDeps = {
      ...t.deps,
      repo: { ...t.deps.repo, skuOwners: () => Promise.reject(new Error('table unavailable')) },
    };
    const result = await runScraper(broken, superuser, body(true));
    expect(result).toMatchObject({
      success: false,
      error: 'Saving to the database failed: table unavailable',
    });
  });

  it('is for superusers only; a demo user cannot save', async () => {
    const t = setup(calendar(async () => listing([valid()])));
    await expect(runScraper(t.deps, store, body(false))).rejects.toMatchObject({
      code: 'SUPERUSER_REQUIRED',
    });
    await expect(runScraper(t.deps, demo, body(true))).rejects.toMatchObject({ code: 'DEMO_MODE' });
    await expect(lastScraperRun(t.deps, store)).rejects.toThrow(ForbiddenError);
    expect(t.last()).toBeNull();
  });

  it('the schedule saves without an actor', async () => {
    const t = setup(calendar(async () => listing([valid()])));
    const result = await scrapeReleases(t.deps, { trigger: 'schedule', saveToDatabase: true });
    expect(result.processedCount).toBe(1);
    expect(t.last()).toMatchObject({ trigger: 'schedule', actorUserId: null, savedCount: 1 });
  });
});
