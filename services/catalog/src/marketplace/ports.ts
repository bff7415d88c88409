import type { Clock } from '@sneakers/shared/clock';
import type { Product, Variant, VariantInput } from '@sneakers/shared/contracts/catalog';
import type { MarketplaceAction } from '@sneakers/shared/contracts/catalog-tools';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { MarketplaceClient } from './client';

export interface MarketplaceCallInput {
  action: MarketplaceAction;
  query?: string | undefined;
  limit?: number | undefined;
  productId?: string | undefined;
  variantId?: string | undefined;
}

/**
 * The test page's calls: the client's six actions, their answers shown as they are (so a
 * caller that only relays them, catalog-ingest, need not know their shapes).
 */
export type MarketplaceCalls = {
  [K in keyof MarketplaceClient]: (...args: Parameters<MarketplaceClient[K]>) => Promise<unknown>;
};

export interface MarketplaceCallDeps {
  marketplace: MarketplaceCalls;
  limiter: RateLimiter;
  clock: Clock;
}

export interface RefreshDeps {
  /** The product's variants as the marketplace has them now, mapped (refresh-source.ts; catalog-fetcher). */
  variantsOf(product: Product): Promise<VariantInput[]>;
  /** `getProductWithVariants` of ../products/domain (404 PRODUCT_NOT_FOUND). */
  getProduct(productId: string): Promise<{ product: Product }>;
  /** `replaceVariants` of ../products/domain. */
  replaceVariants(productId: string, variants: VariantInput[]): Promise<RefreshResult>;
}

export interface RefreshResult {
  variants: Variant[];
  added: number;
  updated: number;
  removed: number;
}
