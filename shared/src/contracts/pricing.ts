import * as z from 'zod/mini';
import { cursorField, pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { recordId, requiredText, text } from './fields';
import { CURRENCIES } from '../money';
import { PRICING_DECIDERS, PRICING_INPUTS, PRICING_WARNINGS, pricingConfigSchema } from './pricing-values';

export * from './pricing-values';

/**
 * The pricing domain's HTTP contracts (services/pricing).
 */
export const PRICING_PAGE_SIZE_MAX = 100;

/* ------------------------------------------------------------------------------------------
 * Pricing strategies (docs/product/pricing-strategies.md). A strategy prices the caller's own
 * inventory (asking price) and WTS/WTC items (desired price) from market data, the network's
 * own bids and asks (the deals index) and the item's cost, within its guard rails. Running it
 * stores a preview (a run); applying some or all of its rows changes the prices, each only if
 * the item is unchanged since the preview; a whole applied run can be undone. Auto mode runs a
 * strategy on a schedule and applies within the guard rails. Demo: reads answer the demo
 * user's strategies and runs; writes 403 DEMO_MODE.
 * ---------------------------------------------------------------------------------------- */

/** The most strategies one user keeps. */
export const PRICING_STRATEGIES_MAX = 50;
/** The most items one run prices. */
export const PRICING_RUN_ITEMS_MAX = 10_000;
/** A preview can be applied for this long after it was made. */
export const PRICING_PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;
export const PRICING_RUN_ROWS_PAGE_MAX = 200;

/** The lists a strategy can price (WTB target prices are what a store pays, never repriced). */
export const PRICING_LIST_TYPES = ['inventory', 'wts', 'wtc'] as const;
export const PRICING_SCHEDULES = ['off', 'hourly', 'daily'] as const;
export type PricingSchedule = (typeof PRICING_SCHEDULES)[number];
/** Where a strategy's prices go: the list price, or the online store's own price (stores). */
export const PRICING_TARGETS = ['list', 'storefront'] as const;

/** Which items a strategy applies to: lists, optionally narrowed to brands and/or single items. */
export const pricingSelectionSchema = z.strictObject({
  listTypes: z.array(z.enum(PRICING_LIST_TYPES)).check(z.minLength(1, 'Choose at least one list')),
  /** Empty: every brand. */
  brands: z.array(text(80)).check(z.maxLength(50)),
  /** Empty: every item of those lists and brands; else only these. */
  itemIds: z.array(recordId).check(z.maxLength(500)),
});
export type PricingSelection = z.infer<typeof pricingSelectionSchema>;

export const pricingStrategyInputSchema = z.strictObject({
  name: requiredText(80, 'Name is required'),
  selection: pricingSelectionSchema,
  config: pricingConfigSchema,
  target: z.enum(PRICING_TARGETS),
  /** Auto mode: off, or a run applied every hour / day within the guard rails. */
  schedule: z.enum(PRICING_SCHEDULES),
});
export type PricingStrategyInput = z.input<typeof pricingStrategyInputSchema>;

export const pricingStrategySchema = z.object({
  id: z.string(),
  name: z.string(),
  selection: pricingSelectionSchema,
  config: pricingConfigSchema,
  target: z.enum(PRICING_TARGETS),
  schedule: z.enum(PRICING_SCHEDULES),
  /** When auto mode runs it next; null when off. */
  nextRunAt: z.nullable(z.string()),
  lastRunAt: z.nullable(z.string()),
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PricingStrategy = z.infer<typeof pricingStrategySchema>;

export const PRICING_RUN_STATUSES = ['previewed', 'applied', 'undone', 'expired'] as const;
export const PRICING_RUN_TRIGGERS = ['manual', 'auto'] as const;

export const pricingRunSchema = z.object({
  id: z.string(),
  strategyId: z.string(),
  /** The strategy's name when it ran (a strategy renamed or deleted later keeps its history readable). */
  strategyName: z.string(),
  trigger: z.enum(PRICING_RUN_TRIGGERS),
  status: z.enum(PRICING_RUN_STATUSES),
  /** Who ran, applied or undid it: a user id (an impersonating superuser is audited as such), or null for auto mode. */
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  appliedAt: z.nullable(z.string()),
  undoneAt: z.nullable(z.string()),
  counts: z.object({
    items: z.int(),
    /** Rows whose price would change. */
    changes: z.int(),
    warnings: z.int(),
    applied: z.int(),
    /** Rows not applied because the item changed since the preview (or was sold or deleted). */
    skipped: z.int(),
    undone: z.int(),
  }),
  /** Marketplace requests the run's market data refresh made, and how many rate-limit answers it retried. */
  marketRequests: z.int(),
  /**
   * Products whose market data was due for a refresh the run had no time for (its rows are
   * flagged `market_data_pending`): a preview again a minute later prices them with fresh data.
   */
  marketPending: z.int(),
});
export type PricingRun = z.infer<typeof pricingRunSchema>;

export const PRICING_ROW_STATES = ['pending', 'applied', 'skipped', 'unchanged', 'undone'] as const;

export const pricingRunRowSchema = z.object({
  /** The item's id (one row per item per run). */
  itemId: z.string(),
  listType: z.enum(PRICING_LIST_TYPES),
  name: z.string(),
  sku: z.string(),
  brand: z.string(),
  sizes: z.array(z.string()),
  imageUrl: z.nullable(z.string()),
  currency: z.enum(CURRENCIES),
  currentPrice: z.nullable(z.int()),
  newPrice: z.nullable(z.int()),
  changed: z.boolean(),
  decidedBy: z.enum(PRICING_DECIDERS),
  input: z.nullable(z.object({ name: z.enum(PRICING_INPUTS), value: z.int() })),
  fees: z.nullable(z.int()),
  marginAfterFees: z.nullable(z.int()),
  warnings: z.array(z.enum(PRICING_WARNINGS)),
  /** When the market data used was read from the marketplace; null without market data. */
  marketRefreshedAt: z.nullable(z.string()),
  state: z.enum(PRICING_ROW_STATES),
  /** Why a row was skipped: the item changed since the preview, or is gone. */
  skipReason: z.nullable(z.enum(['changed_since_preview', 'item_gone', 'changed_since_apply'])),
});
export type PricingRunRow = z.infer<typeof pricingRunRowSchema>;

/** One applied price change of an item (its price history on the item detail). */
export const pricingChangeSchema = z.object({
  runId: z.string(),
  strategyId: z.string(),
  strategyName: z.string(),
  trigger: z.enum(PRICING_RUN_TRIGGERS),
  changedBy: z.nullable(z.string()),
  before: z.nullable(z.int()),
  after: z.nullable(z.int()),
  currency: z.enum(CURRENCIES),
  decidedBy: z.enum(PRICING_DECIDERS),
  input: z.nullable(z.object({ name: z.enum(PRICING_INPUTS), value: z.int() })),
  at: z.string(),
  /** Set when the run was undone and this change reverted. */
  undoneAt: z.nullable(z.string()),
});
export type PricingChange = z.infer<typeof pricingChangeSchema>;

const strategyIdParams = z.object({ strategyId: recordId });
const runIdParams = z.object({ runId: recordId });

export const listPricingStrategies = defineContract({
  id: 'pricing.strategies.list',
  method: 'GET',
  path: '/api/pricing/strategies',
  auth: 'user',
  response: z.object({ strategies: z.array(pricingStrategySchema) }),
});

/** Needs an Idempotency-Key header. 409 `STRATEGIES_FULL` beyond PRICING_STRATEGIES_MAX. */
export const createPricingStrategy = defineContract({
  id: 'pricing.strategies.create',
  method: 'POST',
  path: '/api/pricing/strategies',
  auth: 'user',
  body: pricingStrategyInputSchema,
  response: z.object({ strategy: pricingStrategySchema }),
  maxBodyBytes: 32 * 1024,
});

export const getPricingStrategy = defineContract({
  id: 'pricing.strategies.get',
  method: 'GET',
  path: '/api/pricing/strategies/{strategyId}',
  auth: 'user',
  params: strategyIdParams,
  response: z.object({ strategy: pricingStrategySchema }),
});

/** Replaces the strategy; `version` must be the one read (409 `VERSION_CONFLICT` otherwise). */
export const updatePricingStrategy = defineContract({
  id: 'pricing.strategies.update',
  method: 'PUT',
  path: '/api/pricing/strategies/{strategyId}',
  auth: 'user',
  params: strategyIdParams,
  body: z.strictObject({ ...pricingStrategyInputSchema.shape, version: z.int().check(z.minimum(1)) }),
  response: z.object({ strategy: pricingStrategySchema }),
  maxBodyBytes: 32 * 1024,
});

/** Its runs and the price history stay. */
export const deletePricingStrategy = defineContract({
  id: 'pricing.strategies.delete',
  method: 'DELETE',
  path: '/api/pricing/strategies/{strategyId}',
  auth: 'user',
  params: strategyIdParams,
  response: z.object({ deleted: z.literal(true) }),
});

/**
 * Runs the strategy over its items now and stores the preview (a run with status previewed):
 * nothing changes until it is applied. Market data older than PRICING_MARKET_MAX_AGE_MS is
 * refreshed first (paced within the marketplace's rate limit). 422 `NO_ITEMS` when the
 * selection matches nothing.
 */
export const previewPricingStrategy = defineContract({
  id: 'pricing.strategies.preview',
  method: 'POST',
  path: '/api/pricing/strategies/{strategyId}/preview',
  auth: 'user',
  params: strategyIdParams,
  response: z.object({ run: pricingRunSchema }),
  maxBodyBytes: 256,
});

/** The run history, newest first (previews, applied, undone, auto runs). */
export const listPricingRuns = defineContract({
  id: 'pricing.runs.list',
  method: 'GET',
  path: '/api/pricing/runs',
  auth: 'user',
  query: z.object({ strategyId: z.optional(recordId), ...pageQuery(PRICING_PAGE_SIZE_MAX) }),
  response: z.object({ runs: z.array(pricingRunSchema), ...cursorField }),
});

export const getPricingRun = defineContract({
  id: 'pricing.runs.get',
  method: 'GET',
  path: '/api/pricing/runs/{runId}',
  auth: 'user',
  params: runIdParams,
  response: z.object({ run: pricingRunSchema }),
});

export const PRICING_ROW_FILTERS = ['all', 'changes', 'warnings', 'skipped'] as const;

/** A run's rows in item order, filtered: every row, the price changes, rows with warnings, skipped rows. */
export const listPricingRunRows = defineContract({
  id: 'pricing.runs.rows',
  method: 'GET',
  path: '/api/pricing/runs/{runId}/rows',
  auth: 'user',
  params: runIdParams,
  query: z.object({
    filter: z.optional(z.enum(PRICING_ROW_FILTERS)),
    ...pageQuery(PRICING_RUN_ROWS_PAGE_MAX),
  }),
  response: z.object({ rows: z.array(pricingRunRowSchema), ...cursorField }),
});

/**
 * Applies a preview's rows: every changed row (`all`, minus `except`) or the chosen ones. Each
 * item changes only if it is unchanged since the preview; the others are reported skipped.
 * 409 `RUN_NOT_PREVIEW` for a run already applied or undone, 410 `PREVIEW_EXPIRED` after
 * PRICING_PREVIEW_TTL_MS. Needs an Idempotency-Key header.
 */
export const applyPricingRun = defineContract({
  id: 'pricing.runs.apply',
  method: 'POST',
  path: '/api/pricing/runs/{runId}/apply',
  auth: 'user',
  params: runIdParams,
  body: z.union([
    z.strictObject({
      all: z.literal(true),
      except: z.array(recordId).check(z.maxLength(PRICING_RUN_ITEMS_MAX)),
    }),
    z.strictObject({
      itemIds: z
        .array(recordId)
        .check(z.minLength(1, 'Choose at least one row'), z.maxLength(PRICING_RUN_ITEMS_MAX)),
    }),
  ]),
  response: z.object({
    run: pricingRunSchema,
    skipped: z.array(z.object({ itemId: z.string(), reason: z.string() })),
  }),
  maxBodyBytes: 512 * 1024,
});

/**
 * Puts back every price the run changed, each only if the item was not changed since (those
 * are reported skipped). 409 `RUN_NOT_APPLIED` for a run not applied. Needs an Idempotency-Key header.
 */
export const undoPricingRun = defineContract({
  id: 'pricing.runs.undo',
  method: 'POST',
  path: '/api/pricing/runs/{runId}/undo',
  auth: 'user',
  params: runIdParams,
  response: z.object({
    run: pricingRunSchema,
    skipped: z.array(z.object({ itemId: z.string(), reason: z.string() })),
  }),
  maxBodyBytes: 256,
});

/** An item's price changes made by strategies, newest first (the item detail's price history). */
export const listItemPriceHistory = defineContract({
  id: 'pricing.items.history',
  method: 'GET',
  path: '/api/pricing/items/{itemId}/history',
  auth: 'user',
  params: z.object({ itemId: recordId }),
  query: z.object(pageQuery(PRICING_PAGE_SIZE_MAX)),
  response: z.object({ changes: z.array(pricingChangeSchema), ...cursorField }),
});

export const pricingStrategyContracts = [
  listPricingStrategies,
  createPricingStrategy,
  getPricingStrategy,
  updatePricingStrategy,
  deletePricingStrategy,
  previewPricingStrategy,
  listPricingRuns,
  getPricingRun,
  listPricingRunRows,
  applyPricingRun,
  undoPricingRun,
  listItemPriceHistory,
] as const;
