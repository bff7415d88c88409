import type { StorefrontSizeSystem, StorefrontSort } from '@sneakers/shared/contracts/storefront';

export interface StorefrontFilters {
  q: string;
  brand: string;
  /** A size in `system`. */
  size: string;
  system: StorefrontSizeSystem;
  /** Cents, or null. */
  min: number | null;
  max: number | null;
  sort: StorefrontSort;
}

/** No filter: the page the server inlines (storefront.public.get without a query). */
export function isUnfiltered(filters: StorefrontFilters): boolean {
  return (
    !filters.q &&
    !filters.brand &&
    !filters.size &&
    filters.min === null &&
    filters.max === null &&
    filters.sort === 'newest'
  );
}

/** The query a filter set sends; the size system only matters with a size. */
export function storefrontQuery(filters: StorefrontFilters) {
  return {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.brand ? { brand: filters.brand } : {}),
    ...(filters.size ? { size: filters.size, system: filters.system } : {}),
    ...(filters.min !== null ? { min: filters.min } : {}),
    ...(filters.max !== null ? { max: filters.max } : {}),
    ...(filters.sort !== 'newest' ? { sort: filters.sort } : {}),
  };
}
