import type { Currency } from '@sneakers/shared/money';
import { mapLimit } from '@sneakers/shared/concurrency';
import { toCents } from '@sneakers/shared/money';
import type { MarketplaceClient, MpMarketData } from '../marketplace/client';
import { MarketplaceError } from '../marketplace/errors';
import type { MarketDataMany, MarketDataOutcome, MarketVariantData } from './shapes';

/**
 * catalog-fetcher's side of a market data refresh (docs/product/catalogue.md#market-data): many
 * products' market data in one invocation, each product one `GET /products/{id}/market-data`
 * through the container's client (its token, cache and retries), at most
 * MARKET_DATA_CONCURRENCY in flight and every HTTP request (retries too) paced to
 * MARKET_DATA_RATE_PER_S by the container's pacer, below the marketplace's limit (25/s), so a
 * refresh of hundreds of products does not spend its time in 429s.
 */
export const MARKET_DATA_RATE_PER_S = 20;
export const MARKET_DATA_CONCURRENCY = 5;

/** Hands out request slots at most `perSecond` a second, across every caller of one container. */
export interface Pacer {
  take(): Promise<void>;
}

export function createPacer(options: {
  perSecond: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): Pacer {
  const spacing = 1000 / options.perSecond;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let nextSlot = -Infinity;
  return {
    async take() {
      // A bucket of one: slots evenly spaced, so no second holds more than `perSecond` requests.
      const at = Math.max(now(), nextSlot);
      nextSlot = at + spacing;
      const wait = at - now();
      if (wait > 0) await sleep(wait);
    },
  };
}

/** The container's pacer: every invocation's requests share it. */
export const marketDataPacer = createPacer({ perSecond: MARKET_DATA_RATE_PER_S });

/** Whole currency units (a number, or a string as StockX writes them) → cents; null when absent or unreadable. */
export function centsOf(amount: number | string | null | undefined): number | null {
  if (amount === null || amount === undefined || amount === '') return null;
  try {
    return toCents(typeof amount === 'string' ? amount.trim() : amount);
  } catch {
    return null;
  }
}

function variantsOf(data: readonly MpMarketData[]): MarketVariantData[] {
  const out: MarketVariantData[] = [];
  for (const entry of data) {
    if (!entry.variantId) continue;
    out.push({
      marketplaceVariantId: entry.variantId,
      lowestAsk: centsOf(entry.lowestAskAmount),
      highestBid: centsOf(entry.highestBidAmount),
      sellFaster: centsOf(entry.sellFasterAmount),
      earnMore: centsOf(entry.earnMoreAmount),
    });
  }
  return out;
}

/**
 * Each product's market data, or why not; upstream failures are per product, never thrown.
 * With a `budgetMs`, no product's call starts once that much time has passed: those answer
 * `pending` (a call already started finishes, its retries too, so the caller's own deadline
 * keeps a margin for them).
 */
export async function fetchMarketDataMany(
  api: Pick<MarketplaceClient, 'getMarketDataProduct'>,
  products: readonly { productId: string; currency: Currency }[],
  pacer: Pacer = marketDataPacer,
  budget?: { budgetMs: number; now?: () => number },
): Promise<MarketDataMany> {
  const now = budget?.now ?? Date.now;
  const deadline = budget ? now() + budget.budgetMs : Infinity;
  let requests = 0;
  let answered429 = 0;
  let gaveUpOn429 = 0;
  const observer = {
    beforeRequest: () => pacer.take(),
    afterResponse: (status: number | null) => {
      requests += 1;
      if (status === 429) answered429 += 1;
    },
  };
  const results = await mapLimit(products, MARKET_DATA_CONCURRENCY, async ({ productId, currency }) => {
    if (now() >= deadline) return { productId, currency, status: 'pending' } satisfies MarketDataOutcome;
    try {
      const data = await api.getMarketDataProduct(productId, currency, observer);
      return { productId, currency, status: 'ok', variants: variantsOf(data) } satisfies MarketDataOutcome;
    } catch (error) {
      if (error instanceof MarketplaceError && error.upstreamStatus === 404)
        return { productId, currency, status: 'not_found' } satisfies MarketDataOutcome;
      if (error instanceof MarketplaceError && error.upstreamStatus === 429) gaveUpOn429 += 1;
      if (error instanceof MarketplaceError)
        return { productId, currency, status: 'failed', message: error.message } satisfies MarketDataOutcome;
      throw error;
    }
  });
  // A call's last 429 is not retried: it ends the call as `failed` and is not counted as retried.
  return { results, requests, retried429: answered429 - gaveUpOn429 };
}
