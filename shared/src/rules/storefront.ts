import { styleCodeKey } from './style-code';

/**
 * The storefront's pure rules (docs/product/online-store.md), shared by the storefront
 * service, commerce and the SPA.
 */

/** What the storefront charges for an item: the store's storefront price, else its list price; null: not for sale. */
export function storefrontPriceOf(
  listPrice: number | null | undefined,
  storefrontPrice: number | null | undefined,
): number | null {
  if (storefrontPrice !== null && storefrontPrice !== undefined) return storefrontPrice;
  if (listPrice !== null && listPrice !== undefined && listPrice > 0) return listPrice;
  return null;
}

/**
 * A storefront product's id in its URL: `v-` and the id for a virtual product; the catalogue
 * product's id; else `s-` and the style code's canonical key (so `DD1391-100` and
 * `dd1391 100` are one product); else `i-` and the item's id.
 */
export function storefrontProductIdOf(input: {
  productCatalogId?: string | null;
  sku?: string | null;
  itemId?: string | null;
  virtualProductId?: string | null;
}): string {
  if (input.virtualProductId) return `v-${input.virtualProductId}`;
  if (input.productCatalogId) return input.productCatalogId;
  const key = styleCodeKey(input.sku ?? '');
  if (key) return `s-${key}`;
  return `i-${input.itemId ?? ''}`;
}

/** The storefront's path; a product page's path. */
export const storefrontPath = (storeId: string) => `/store/${encodeURIComponent(storeId)}`;
export const storefrontProductPath = (storeId: string, productId: string) =>
  `${storefrontPath(storeId)}/product/${encodeURIComponent(productId)}`;
