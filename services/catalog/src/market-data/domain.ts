import type { Product, Variant } from '@sneakers/shared/contracts/catalog';
import type {
  CatalogMarketAnswer,
  CatalogMarketRequest,
  CatalogMarketVariant,
  CatalogProductMarket,
} from '@sneakers/shared/contracts/catalog-market';
import { CATALOG_MARKET_BUDGET_MAX_MS } from '@sneakers/shared/contracts/catalog-market';
import type { Currency } from '@sneakers/shared/money';
import type { MarketDataDeps, StoredMarketData } from './ports';
import type { MarketDataOutcome, MarketVariantData } from './shapes';

/**
 * The catalogue's market data for other services (docs/product/catalogue.md#market-data):
 * answers the stored row of each (product, currency) asked for, refreshing first the rows that
 * are missing or older than `maxAgeMs`, all of them in ONE paced fetcher invocation. A product
 * without a marketplace id has no data (not an error); a failed refresh answers the older row
 * (its `refreshedAt` shows its age: the pricing engine flags it stale) and keeps it.
 *
 * Time budget: the refresh starts no marketplace request after `budgetMs` (capped at
 * CATALOG_MARKET_BUDGET_MAX_MS) from when the call began; the products it did not reach answer
 * `pending`, from their older row when there is one, so a caller behind API Gateway's 29 s
 * always gets an answer (docs/product/catalogue.md#market-data).
 */

const pairKey = (productId: string, currency: Currency) => `${productId}\u0000${currency}`;

const NO_MARKET = { lowestAsk: null, highestBid: null, sellFaster: null, earnMore: null };

/** The catalogue's variants with the marketplace's data, matched by marketplace variant id. */
export function variantsWithMarket(
  variants: readonly Variant[],
  data: readonly MarketVariantData[],
): CatalogMarketVariant[] {
  const byMarketplaceId = new Map(data.map((entry) => [entry.marketplaceVariantId, entry]));
  return variants.map((variant) => {
    const entry = variant.marketplaceVariantId
      ? byMarketplaceId.get(variant.marketplaceVariantId)
      : undefined;
    return {
      variantId: variant.id,
      label: variant.label,
      size: variant.size,
      ...(entry
        ? {
            lowestAsk: entry.lowestAsk,
            highestBid: entry.highestBid,
            sellFaster: entry.sellFaster,
            earnMore: entry.earnMore,
          }
        : NO_MARKET),
    };
  });
}

const answerOf = (row: StoredMarketData, status: CatalogProductMarket['status']): CatalogProductMarket => ({
  productId: row.productId,
  currency: row.currency,
  status,
  brand: row.brand,
  gender: row.gender,
  refreshedAt: row.refreshedAt,
  variants: row.variants,
});

const noData = (
  productId: string,
  currency: Currency,
  status: CatalogProductMarket['status'],
  product?: Product,
): CatalogProductMarket => ({
  productId,
  currency,
  status,
  brand: product?.brand ?? null,
  gender: product?.gender ?? null,
  refreshedAt: null,
  variants: [],
});

export async function readMarketData(
  deps: MarketDataDeps,
  request: CatalogMarketRequest,
): Promise<CatalogMarketAnswer> {
  const now = deps.clock.now();
  const deadline = now.getTime() + Math.min(request.budgetMs ?? Infinity, CATALOG_MARKET_BUDGET_MAX_MS);
  const asked = new Map(request.products.map((p) => [pairKey(p.productId, p.currency), p]));
  const stored = new Map(
    (await deps.store.getRows([...asked.values()])).map((row) => [pairKey(row.productId, row.currency), row]),
  );
  const answers = new Map<string, CatalogProductMarket>();
  const due: { productId: string; currency: Currency }[] = [];
  for (const [key, pair] of asked) {
    const row = stored.get(key);
    const age = row ? now.getTime() - Date.parse(row.refreshedAt) : Infinity;
    if (row && age <= request.maxAgeMs) answers.set(key, answerOf(row, 'fresh'));
    else due.push(pair);
  }
  if (due.length === 0) return { products: [...answers.values()], marketplaceRequests: 0, retried429: 0 };

  const details = await deps.store.getDetails([...new Set(due.map((p) => p.productId))]);
  /** Catalogue pairs per marketplace (id, currency): two catalogue products may name one. */
  const toFetch = new Map<string, { productId: string; currency: Currency; pairs: string[] }>();
  for (const { productId, currency } of due) {
    const key = pairKey(productId, currency);
    const detail = details.get(productId);
    const marketplaceId = detail?.product.marketplaceProductId;
    if (!detail) answers.set(key, noData(productId, currency, 'not_found'));
    else if (!marketplaceId) answers.set(key, noData(productId, currency, 'no_marketplace', detail.product));
    else {
      const fetchKey = pairKey(marketplaceId, currency);
      const entry = toFetch.get(fetchKey) ?? { productId: marketplaceId, currency, pairs: [] };
      entry.pairs.push(key);
      toFetch.set(fetchKey, entry);
    }
  }
  if (toFetch.size === 0) return { products: [...answers.values()], marketplaceRequests: 0, retried429: 0 };

  const left = deadline - deps.clock.now().getTime();
  const fetched =
    left > 0
      ? await deps.fetcher.marketDataMany(
          [...toFetch.values()].map(({ productId, currency }) => ({ productId, currency })),
          left,
        )
      : { results: [], requests: 0, retried429: 0 };
  const outcomes = new Map<string, MarketDataOutcome>(
    fetched.results.map((outcome) => [pairKey(outcome.productId, outcome.currency), outcome]),
  );
  const refreshedAt = now.toISOString();
  const rows: StoredMarketData[] = [];
  for (const [fetchKey, { productId: marketplaceProductId, pairs }] of toFetch) {
    const outcome = outcomes.get(fetchKey);
    for (const key of pairs) {
      const { productId, currency } = asked.get(key) as { productId: string; currency: Currency };
      const { product, variants } = details.get(productId) as { product: Product; variants: Variant[] };
      if (outcome?.status === 'ok') {
        const row: StoredMarketData = {
          productId,
          currency,
          marketplaceProductId,
          brand: product.brand,
          gender: product.gender,
          refreshedAt,
          variants: variantsWithMarket(variants, outcome.variants),
        };
        rows.push(row);
        answers.set(key, answerOf(row, 'refreshed'));
      } else if (outcome?.status === 'not_found') {
        answers.set(key, noData(productId, currency, 'not_found', product));
      } else if (!outcome || outcome.status === 'pending') {
        const old = stored.get(key);
        answers.set(key, old ? answerOf(old, 'pending') : noData(productId, currency, 'pending', product));
      } else {
        const old = stored.get(key);
        answers.set(key, old ? answerOf(old, 'failed') : noData(productId, currency, 'failed', product));
      }
    }
  }
  await deps.store.putRows(rows);
  return {
    products: [...answers.values()],
    marketplaceRequests: fetched.requests,
    retried429: fetched.retried429,
  };
}
