import * as z from 'zod/mini';
import { requireSuperuser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { BULK_PRODUCTS_MAX, productInputSchema, type ProductInput } from '@sneakers/shared/contracts/catalog';
import { type ScraperResult } from '@sneakers/shared/contracts/catalog-tools';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import { upsertProducts } from '../products/domain';
import type { ProductsDeps } from '../products/ports';
import type { ScraperDeps, ScraperLog, ScraperRequest } from './ports';

const MESSAGE_MAX = 500;
const silent: ScraperLog = { warn: () => undefined };

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MESSAGE_MAX) || 'Unknown error';
}

/** A release the catalogue would refuse (a SKU without letters or digits, say) is an error like a malformed one. */
function acceptable(input: ProductInput): boolean {
  return styleCodeKey(input.sku) !== '' && z.safeParse(productInputSchema, input).success;
}

/** One input per SKU (compared as style codes; the last listing wins), so a chunk never holds a SKU twice. */
function uniqueBySku(inputs: readonly ProductInput[]): ProductInput[] {
  const bySku = new Map<string, ProductInput>();
  for (const input of inputs) {
    const key = styleCodeKey(input.sku);
    bySku.delete(key);
    bySku.set(key, input);
  }
  return [...bySku.values()];
}

/** Saves in chunks of the bulk limit; the same SKU updates its product (never a duplicate). */
async function save(deps: ProductsDeps, inputs: readonly ProductInput[]): Promise<number> {
  let saved = 0;
  for (let i = 0; i < inputs.length; i += BULK_PRODUCTS_MAX) {
    const { productIds } = await upsertProducts(deps, inputs.slice(i, i + BULK_PRODUCTS_MAX));
    saved += productIds.length;
  }
  return saved;
}

/**
 * One scraper run (docs/product/catalogue.md#release-scraper): fetch and parse the
 * calendar, map each release, and with `saveToDatabase` upsert them into the catalogue.
 * Upstream failures answer `success: false` with the error's text (the scraper page shows
 * it); malformed releases are counted in `errorCount` and the rest kept. Every run, failed
 * or not, becomes the last-run summary.
 */
export async function scrapeReleases(
  deps: ScraperDeps,
  request: ScraperRequest,
  options: { actorUserId?: string | null; log?: ScraperLog } = {},
): Promise<ScraperResult> {
  const log = options.log ?? silent;
  const ranAt = deps.clock.now().toISOString();
  let result: ScraperResult;
  try {
    const fetched = await deps.releases.fetchMapped();
    if (fetched.issues.length > 0)
      log.warn('Malformed releases skipped', { issues: fetched.issues.slice(0, 20) });
    const mapped = fetched.releases;
    const kept = mapped.filter(({ input }) => acceptable(input));
    const errorCount = fetched.issues.length + (mapped.length - kept.length);
    const releases = kept.map(({ item }) => item);
    const scrapedData = { totalFound: fetched.totalFound, processed: releases.length, releases };
    result = {
      success: true,
      error: null,
      errorCount,
      savedToDatabase: false,
      scrapedData,
      processedCount: null,
      ranAt,
    };
    if (request.saveToDatabase) {
      try {
        result = {
          ...result,
          savedToDatabase: true,
          processedCount: await save(deps, uniqueBySku(kept.map(({ input }) => input))),
        };
      } catch (error) {
        log.warn('Saving scraped releases failed', { error: messageOf(error) });
        result = { ...result, success: false, error: `Saving to the database failed: ${messageOf(error)}` };
      }
    }
  } catch (error) {
    log.warn('Release scrape failed', { error: messageOf(error) });
    result = {
      success: false,
      error: messageOf(error),
      errorCount: 0,
      savedToDatabase: false,
      scrapedData: { totalFound: 0, processed: 0, releases: [] },
      processedCount: null,
      ranAt,
    };
  }
  await deps.scraperRuns.recordLast({
    ranAt,
    trigger: request.trigger,
    success: result.success,
    totalFound: result.scrapedData.totalFound,
    processed: result.scrapedData.processed,
    errorCount: result.errorCount,
    savedCount: result.processedCount,
    error: result.error,
    actorUserId: options.actorUserId ?? null,
  });
  return result;
}

/** The scraper page's Run and Save to database: superusers only; a save is a write (demo users are refused). */
export async function runScraper(
  deps: ScraperDeps,
  actor: Actor,
  body: ScraperRequest,
  log?: ScraperLog,
): Promise<ScraperResult> {
  if (body.saveToDatabase) requireWriter(actor);
  const user = requireSuperuser(actor);
  return scrapeReleases(deps, body, { actorUserId: user.userId, log });
}

/** The last run's summary, for the scraper page's "last run" line. */
export async function lastScraperRun(deps: Pick<ScraperDeps, 'scraperRuns'>, actor: Actor) {
  requireSuperuser(actor);
  const last = await deps.scraperRuns.last();
  if (!last) return null;
  const { error: _error, actorUserId: _actor, ...summary } = last;
  return summary;
}
