import type { Clock } from '@sneakers/shared/clock';
import type { Product, Variant } from '@sneakers/shared/contracts/catalog';
import type { CatalogMarketVariant } from '@sneakers/shared/contracts/catalog-market';
import type { Currency } from '@sneakers/shared/money';
import type { MarketDataMany } from './shapes';

/** A stored row of one product's market data in one currency. */
export interface StoredMarketData {
  productId: string;
  currency: Currency;
  marketplaceProductId: string;
  brand: string | null;
  gender: Product['gender'];
  refreshedAt: string;
  variants: CatalogMarketVariant[];
}

export interface MarketDataStore {
  /** The rows of these (product, currency) pairs that exist. */
  getRows(keys: readonly { productId: string; currency: Currency }[]): Promise<StoredMarketData[]>;
  putRows(rows: readonly StoredMarketData[]): Promise<void>;
  /** The products with their variants (absent ones left out). */
  getDetails(productIds: readonly string[]): Promise<Map<string, { product: Product; variants: Variant[] }>>;
}

/**
 * catalog-fetcher's paced read of many products' market data (by marketplace id); it starts no
 * request after `budgetMs` (those products answer `pending`).
 */
export interface MarketDataFetcher {
  marketDataMany(
    products: readonly { productId: string; currency: Currency }[],
    budgetMs?: number,
  ): Promise<MarketDataMany>;
}

export interface MarketDataDeps {
  store: MarketDataStore;
  fetcher: MarketDataFetcher;
  clock: Clock;
}
