import * as z from 'zod/mini';
import { currencySchema } from '@sneakers/shared/money';

/**
 * catalog-market ↔ catalog-fetcher: the `getMarketDataMany` request's items and its answer
 * (services/catalog/src/fetcher/protocol.ts relays them). The fetcher reads each product's
 * market data, paced, and answers it already in cents, per product: ok, not found, or failed.
 */
export const MARKET_DATA_MANY_MAX = 500;

const amount = z.nullable(z.int().check(z.minimum(0)));

/** One marketplace variant's market data, in cents. */
export const marketVariantDataSchema = z.object({
  marketplaceVariantId: z.string(),
  lowestAsk: amount,
  highestBid: amount,
  sellFaster: amount,
  earnMore: amount,
});
export type MarketVariantData = z.infer<typeof marketVariantDataSchema>;

const key = { productId: z.string(), currency: currencySchema };

export const marketDataOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ ...key, status: z.literal('ok'), variants: z.array(marketVariantDataSchema) }),
  z.object({ ...key, status: z.literal('not_found') }),
  z.object({ ...key, status: z.literal('failed'), message: z.string() }),
  /** Not read: the call's time budget was spent before its request could start. */
  z.object({ ...key, status: z.literal('pending') }),
]);
export type MarketDataOutcome = z.infer<typeof marketDataOutcomeSchema>;

export const marketDataManySchema = z.object({
  results: z.array(marketDataOutcomeSchema),
  /** HTTP requests made to the marketplace (retries included). */
  requests: z.int(),
  /** 429 answers among them (each waited out, then retried by the client). */
  retried429: z.int(),
});
export type MarketDataMany = z.infer<typeof marketDataManySchema>;
