import * as z from 'zod/mini';
import { productSchema } from '@sneakers/shared/contracts/catalog';
import { currencySchema } from '@sneakers/shared/money';
import { MARKET_DATA_MANY_MAX } from '../market-data/shapes';

/**
 * The requests catalog-fetcher answers (protocol.ts has the answers). Only the fetcher
 * parses them; ingest builds them typed, so this module stays out of its bundle.
 */
const id = z.string().check(z.minLength(1), z.maxLength(200));
const currency = z.optional(z.string().check(z.minLength(1), z.maxLength(8)));
const fresh = z.optional(z.boolean());

export const fetcherRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('searchCatalog'),
    query: z.string().check(z.maxLength(200)),
    pageNumber: z.optional(z.int()),
    pageSize: z.optional(z.int()),
  }),
  z.strictObject({ op: z.literal('getProduct'), productId: id, fresh }),
  z.strictObject({ op: z.literal('getProductVariants'), productId: id, fresh }),
  z.strictObject({ op: z.literal('getProductVariant'), productId: id, variantId: id }),
  z.strictObject({ op: z.literal('getMarketDataProduct'), productId: id, currency }),
  z.strictObject({ op: z.literal('getMarketDataVariant'), productId: id, variantId: id, currency }),
  z.strictObject({
    op: z.literal('importPage'),
    mode: z.enum(['query', 'brand']),
    value: z.string().check(z.minLength(1), z.maxLength(200)),
    page: z.int().check(z.minimum(1)),
  }),
  z.strictObject({ op: z.literal('refreshVariants'), product: productSchema }),
  z.strictObject({ op: z.literal('fetchReleases') }),
  /** Many products' market data (marketplace ids), paced (catalog-market's refresh). */
  z.strictObject({
    op: z.literal('getMarketDataMany'),
    products: z
      .array(z.strictObject({ productId: id, currency: currencySchema }))
      .check(z.maxLength(MARKET_DATA_MANY_MAX)),
    /** Start no request after this many ms from now (the rest answered `pending`). */
    budgetMs: z.optional(z.int().check(z.minimum(0))),
  }),
]);
export type FetcherRequest = z.infer<typeof fetcherRequestSchema>;
export type FetcherOp = FetcherRequest['op'];
