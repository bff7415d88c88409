import * as z from 'zod/mini';
import { currencySchema } from '../money';
import { GENDERS, variantSizeSchema } from './catalog';

/**
 * The catalogue's market data for other services (docs/product/catalogue.md#market-data): the
 * `catalog-market` function answers direct invocations (shared/src/runtime/invoke.ts), not HTTP.
 * A caller names (catalogue product, currency) pairs and how old the data may be; the function
 * answers the stored rows, refreshing the missing and older ones from the marketplace first
 * (batched and paced, services/catalog/src/market-data). Amounts are integer cents.
 */
export const CATALOG_MARKET_SERVICE = 'catalog-market';

/**
 * Most (product, currency) pairs one invocation takes; a caller with more sends several, one
 * after the other. Refreshing them all is 200 requests paced at 20 a second: 10 s, well inside
 * the functions' 29 s.
 */
export const CATALOG_MARKET_MAX_PRODUCTS = 200;

/**
 * The longest one invocation refreshes for: requests stop starting after it, so a refresh slowed
 * by rate-limit answers still ends (its started requests and the writes) inside the function's
 * 29 s.
 */
export const CATALOG_MARKET_BUDGET_MAX_MS = 20_000;

const id = z.string().check(z.minLength(1), z.maxLength(200));

export const catalogMarketRequestSchema = z.strictObject({
  products: z
    .array(z.strictObject({ productId: id, currency: currencySchema }))
    .check(z.maxLength(CATALOG_MARKET_MAX_PRODUCTS)),
  /** Rows refreshed longer ago than this are refreshed before they are answered. */
  maxAgeMs: z.int().check(z.minimum(0)),
  /**
   * How long the refresh may take (ms from when the function starts): no marketplace request
   * starts after it, the products not refreshed by then answer `pending`. Absent: at most
   * CATALOG_MARKET_BUDGET_MAX_MS, as with a larger one (the function's own 29 s).
   */
  budgetMs: z.optional(z.int().check(z.minimum(0))),
});
export type CatalogMarketRequest = z.infer<typeof catalogMarketRequestSchema>;

const amount = z.nullable(z.int().check(z.minimum(0)));

/** One catalogue variant with its market data (null where the marketplace has none). */
export const catalogMarketVariantSchema = z.object({
  variantId: z.string(),
  label: z.string(),
  size: variantSizeSchema,
  lowestAsk: amount,
  highestBid: amount,
  sellFaster: amount,
  earnMore: amount,
});
export type CatalogMarketVariant = z.infer<typeof catalogMarketVariantSchema>;

/**
 * How the answer for one product came about: `fresh` (the stored row was young enough),
 * `refreshed` (read from the marketplace now), `failed` (the refresh failed: the older row, if
 * any, is answered and its `refreshedAt` shows its age), `not_found` (no such catalogue
 * product, or the marketplace does not know its id), `no_marketplace` (the product has no
 * marketplace id: no data, not an error), `pending` (due for a refresh, but the request's
 * `budgetMs` was spent before its marketplace request could start: the older row, if any, is
 * answered, else no data; the next request reads it).
 */
export const CATALOG_MARKET_STATUSES = [
  'fresh',
  'refreshed',
  'failed',
  'not_found',
  'no_marketplace',
  'pending',
] as const;
export type CatalogMarketStatus = (typeof CATALOG_MARKET_STATUSES)[number];

export const catalogProductMarketSchema = z.object({
  productId: z.string(),
  currency: currencySchema,
  status: z.enum(CATALOG_MARKET_STATUSES),
  /** The product's brand and gender, which its variants' sizes are read against. */
  brand: z.nullable(z.string()),
  gender: z.nullable(z.enum(GENDERS)),
  /** When the marketplace was last read for it (ISO); null when never. */
  refreshedAt: z.nullable(z.string()),
  variants: z.array(catalogMarketVariantSchema),
});
export type CatalogProductMarket = z.infer<typeof catalogProductMarketSchema>;

export const catalogMarketAnswerSchema = z.object({
  /** One per requested pair, in no particular order. */
  products: z.array(catalogProductMarketSchema),
  /** Marketplace HTTP requests this invocation made (retries included; 0 when all was fresh). */
  marketplaceRequests: z.int(),
  /** Rate-limit answers (429) among them, each waited out and retried. */
  retried429: z.int(),
});
export type CatalogMarketAnswer = z.infer<typeof catalogMarketAnswerSchema>;
