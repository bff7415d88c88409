import { queryOptions } from '@tanstack/react-query';
import { getProduct, searchProducts, type ApiCall } from '@sneakers/shared';

/** Catalogue search results stay fresh 5 minutes (docs/product/constants.md#catalogue), the product with them. */
export const PICKER_STALE_MS = 5 * 60_000;

/**
 * Under 'catalog' so the catalogue's own invalidations reach the picker too; a product has
 * the key and the shape (the contract's answer) the catalogue screens give it.
 */
export const pickerKeys = {
  search: (q: string) => ['catalog', 'picker', q] as const,
  product: (id: string) => ['catalog', 'product', id] as const,
};

export function pickerSearchOptions(api: ApiCall, q: string) {
  return queryOptions({
    queryKey: pickerKeys.search(q),
    staleTime: PICKER_STALE_MS,
    enabled: q.length > 0,
    queryFn: ({ signal }) => api(searchProducts, { query: { q }, signal }),
  });
}

export function pickerProductOptions(api: ApiCall, productId: string) {
  return queryOptions({
    queryKey: pickerKeys.product(productId),
    staleTime: PICKER_STALE_MS,
    queryFn: ({ signal }) => api(getProduct, { params: { productId }, signal }),
  });
}
