import type { CatalogMarketAnswer, CatalogMarketRequest } from '@sneakers/shared/contracts/catalog-market';
import type { Currency } from '@sneakers/shared/money';
import type { PricingMarket, PricingNetwork } from '@sneakers/shared/rules/pricing';

/**
 * What a run needs of the world outside its own rows: each item's market data (the catalogue's,
 * refreshed through the marketplace client when older than the run allows) and the network's own
 * best bid and ask for its product and size (the deals index, other users only). Adapters in
 * ./repository.ts; the preview and auto runs take this port.
 */

/** An item as the market lookup needs it. */
export interface MarketItem {
  itemId: string;
  productCatalogId: string | null;
  productVariantId: string | null;
  sku: string;
  brand: string;
  sizes: readonly string[];
  isBulk: boolean;
  currency: Currency;
}

/** One item's inputs: null where there is no data (the strategy's no-market fallback decides). */
export interface MarketInputs {
  market: PricingMarket | null;
  network: PricingNetwork | null;
  /** The item's product was due for a refresh the load had no time for (`market` is its older data, if any). */
  pending?: boolean;
}

export interface MarketLoad {
  /** By item id; every requested item has an entry. */
  inputs: Map<string, MarketInputs>;
  /** Marketplace requests this load made (0 when everything was cached and fresh). */
  marketplaceRequests: number;
  /** Rate-limit answers (429) the refresh waited out and retried. */
  retried429: number;
  /** Products due for a refresh that `budgetMs` had no time for. */
  marketPending: number;
}

export interface MarketInputsSource {
  load(args: {
    /** The items' owner: the network's prices are other users' only. */
    userId: string;
    /** Demo users see the demo network only (as deals do). */
    demo: boolean;
    items: readonly MarketItem[];
    /** Market data older than this is refreshed before use (PRICING_MARKET_MAX_AGE_MS). */
    maxAgeMs: number;
    /**
     * The network's prices the strategy reads (`pricingNetworkNeed(config)` in
     * shared/src/rules/pricing.ts); 'both' when absent. Each side read is a Query per product.
     */
    network?: 'none' | 'asks' | 'both';
    /**
     * How long the market data refresh may take, all chunks together (no marketplace request
     * starts after it; the products not reached are `pending`). Absent: the catalogue's own cap
     * per chunk.
     */
    budgetMs?: number;
  }): Promise<MarketLoad>;
}

// ---- What the source reads (adapters in ./repository.ts) ----

/** The catalogue's market data (the `catalog-market` function, shared/src/contracts/catalog-market.ts). */
export interface CatalogMarketReader {
  read(request: CatalogMarketRequest): Promise<CatalogMarketAnswer>;
}

/** One deals index row as pricing reads it (`source` parsed). */
export interface NetworkRow {
  /** Decoded size key of the row (`eu:42.5`, `BULK`, `label:…`). */
  sizeKey: string;
  itemId: string;
  ownerId: string;
  /** Cents per pair; null when the item has no price. */
  price: number | null;
  currency: Currency;
}

/** The deals index (read-only, through shared/src/views/deal-index-view.ts). */
export interface NetworkIndexReader {
  /** Every row of one partition (`DEALIDX#{scope}#{side}#{productKey}`). */
  readPartition(pk: string): Promise<NetworkRow[]>;
}
