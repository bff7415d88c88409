import type { GeneratedProduct, GeneratedVariant } from './catalogue';
import { ownValue } from '@sneakers/shared/rules/own-key';
import { hash } from './determinism';

/** Euro is the catalogue's currency; the others at fixed, plausible rates. */
const CURRENCY_RATES: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.86 };

/** The currencies market data is served in (`currencyCode`). */
export const isMarketCurrency = (currency: string) => currency in CURRENCY_RATES;

/** Prices that look like a market: asks around retail (hyped models above), bids below. */
export function marketData(p: GeneratedProduct, v: GeneratedVariant, currency: string) {
  const rate = ownValue(CURRENCY_RATES, currency) ?? 1;
  const h = hash(`${v.variantId}:market`);
  const heat = 0.8 + (hash(p.productId) % 90) / 100;
  const lowestAsk = Math.round(p.retailPrice * heat * (0.95 + (h % 20) / 100) * rate);
  const highestBid = Math.round(lowestAsk * (0.78 + ((h >>> 8) % 15) / 100));
  return {
    productId: p.productId,
    variantId: v.variantId,
    currencyCode: currency,
    lowestAskAmount: lowestAsk,
    highestBidAmount: highestBid,
    sellFasterAmount: Math.min(lowestAsk, highestBid + 1),
    earnMoreAmount: Math.max(highestBid + 2, lowestAsk - 1),
    flexLowestAskAmount: Math.round(lowestAsk * 0.97),
  };
}
