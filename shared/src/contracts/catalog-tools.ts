import * as z from 'zod/mini';
import { cursorField, pageQuery } from '../paging/page';
import { MARKETPLACE_FEATURE, MARKETPLACE_LIMIT_MAX } from './catalog';
import { defineContract } from './contract';
import { cents, recordId, requiredText, text } from './fields';

/**
 * The superuser's catalogue tools (docs/product/catalogue.md): the marketplace API test page,
 * the release scraper and data population's imports. Apart from ./catalog.ts, so the functions
 * that serve the catalogue do not build these schemas.
 */

// ---- Marketplace API (docs/product/catalogue.md#marketplace-api-test-page) ----

export const MARKETPLACE_ACTIONS = [
  'search_catalog',
  'get_product',
  'get_product_variants',
  'get_product_variant',
  'get_market_data_product',
  'get_market_data_variant',
] as const;
export type MarketplaceAction = (typeof MARKETPLACE_ACTIONS)[number];

/**
 * One call to the marketplace API through the server (credentials never reach the browser).
 * Search needs a query; limit 1-50 (default 20); product and variant actions need their ids
 * (docs/product/catalogue.md#marketplace-api-test-page). The answer is `success` with `data`
 * or `error`: the page shows it as JSON with a Success or Error badge.
 */
export const callMarketplace = defineContract({
  id: 'catalog.marketplace.call',
  method: 'POST',
  path: '/api/catalog/marketplace',
  auth: 'user',
  feature: MARKETPLACE_FEATURE,
  body: z.strictObject({
    action: z.enum(MARKETPLACE_ACTIONS),
    query: z.optional(text(100)),
    limit: z.optional(z.int().check(z.minimum(1), z.maximum(MARKETPLACE_LIMIT_MAX))),
    productId: z.optional(text(64)),
    variantId: z.optional(text(64)),
  }),
  response: z.object({
    success: z.boolean(),
    data: z.optional(z.unknown()),
    error: z.optional(z.string()),
  }),
});

// ---- Release scraper (docs/product/catalogue.md#release-scraper, docs/product/catalogue.md#scraper-test-page) ----

export const SCRAPER_TRIGGERS = ['manual_test', 'save_to_db', 'schedule'] as const;

const sizeData = z.object({
  usM: z.nullable(z.string()),
  eu: z.nullable(z.string()),
  usW: z.nullable(z.string()),
  uk: z.nullable(z.string()),
  jpCm: z.nullable(z.string()),
});

export const releaseItemSchema = z.object({
  product: z.object({
    name: z.string(),
    brand: z.string(),
    sku: z.string(),
    imageUrl: z.nullable(z.string()),
    colorway: z.string(),
    gender: z.nullable(z.string()),
    productType: z.string(),
    marketplaceSlug: z.nullable(z.string()),
  }),
  release: z.object({
    releaseDate: z.nullable(z.iso.date()),
    /** Euro cents; null shows 'N/A'. */
    retailPrice: z.nullable(cents),
    status: z.string(),
  }),
  sizes: z.array(z.string()),
  variants: z.array(
    z.object({
      variantLabel: z.string(),
      retailPrice: z.nullable(cents),
      releaseDate: z.nullable(z.iso.date()),
      sizeData,
    }),
  ),
});
export type ReleaseItem = z.infer<typeof releaseItemSchema>;

export const scraperResultSchema = z.object({
  success: z.boolean(),
  error: z.nullable(z.string()),
  errorCount: z.int(),
  savedToDatabase: z.boolean(),
  scrapedData: z.object({
    totalFound: z.int(),
    processed: z.int(),
    releases: z.array(releaseItemSchema),
  }),
  /** Products saved (a save run only). */
  processedCount: z.nullable(z.int()),
  ranAt: z.string(),
});
export type ScraperResult = z.infer<typeof scraperResultSchema>;

export const runScraper = defineContract({
  id: 'catalog.scraper.run',
  method: 'POST',
  path: '/api/catalog/scraper/runs',
  auth: 'user',
  superuserOnly: true,
  body: z.strictObject({
    trigger: z.enum(['manual_test', 'save_to_db']),
    saveToDatabase: z.boolean(),
    timestamp: z.iso.datetime(),
  }),
  response: scraperResultSchema,
});

export const scraperRunSummarySchema = z.object({
  ranAt: z.string(),
  trigger: z.enum(SCRAPER_TRIGGERS),
  success: z.boolean(),
  totalFound: z.int(),
  processed: z.int(),
  errorCount: z.int(),
  savedCount: z.nullable(z.int()),
});
export type ScraperRunSummary = z.infer<typeof scraperRunSummarySchema>;

/** The scraper page's "last run" line (manual or scheduled). */
export const lastScraperRun = defineContract({
  id: 'catalog.scraper.last',
  method: 'GET',
  path: '/api/catalog/scraper/last-run',
  auth: 'user',
  superuserOnly: true,
  response: z.object({ lastRun: z.nullable(scraperRunSummarySchema) }),
});

// ---- Data population: imports from the marketplace API, page by page ----

export const IMPORT_MODES = ['query', 'brand'] as const;
export const IMPORT_STATUSES = ['running', 'completed', 'failed'] as const;

export const importJobSchema = z.object({
  id: z.string(),
  mode: z.enum(IMPORT_MODES),
  value: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** The next marketplace page to import (1-based). */
  nextPage: z.int(),
  /** Known after the first page. */
  totalPages: z.nullable(z.int()),
  totalProducts: z.nullable(z.int()),
  pagesDone: z.int(),
  newCount: z.int(),
  updatedCount: z.int(),
  failedCount: z.int(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const createImport = defineContract({
  id: 'catalog.imports.create',
  method: 'POST',
  path: '/api/catalog/imports',
  auth: 'user',
  superuserOnly: true,
  body: z.strictObject({
    mode: z.enum(IMPORT_MODES),
    value: requiredText(100, 'Enter a search or a brand'),
  }),
  response: z.object({ job: importJobSchema }),
});

/** Imports the job's next page; a page that failed can be retried (resumable). */
export const stepImport = defineContract({
  id: 'catalog.imports.step',
  method: 'POST',
  path: '/api/catalog/imports/{importId}/next',
  auth: 'user',
  superuserOnly: true,
  params: z.object({ importId: recordId }),
  response: z.object({ job: importJobSchema }),
});

export const listImports = defineContract({
  id: 'catalog.imports.list',
  method: 'GET',
  path: '/api/catalog/imports',
  auth: 'user',
  superuserOnly: true,
  query: z.object(pageQuery(50)),
  response: z.object({ jobs: z.array(importJobSchema), ...cursorField }),
});

export const catalogToolContracts = [
  callMarketplace,
  runScraper,
  lastScraperRun,
  createImport,
  stepImport,
  listImports,
] as const;
