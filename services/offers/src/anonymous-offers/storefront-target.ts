/**
 * What an offer made on a storefront product page is recorded against
 * (docs/product/offers.md#storefront-offers): the size resolves, on the server, to the inventory
 * or WTS item behind it on the storefront's product row. Virtual products have no item to offer
 * on, so their sizes take no offers.
 */
import * as z from 'zod/mini';
import { ConflictError, NotFoundError } from '@sneakers/shared/errors';
import type { Currency } from '@sneakers/shared/money';

/** One pair source of the product row (the storefront's ProductOffer), as an offer reads it. */
const productOffer = z.object({
  label: z.string(),
  price: z.number(),
  itemId: z.nullable(z.string()),
  listType: z.nullable(z.enum(['inventory', 'wts'])),
});
export const productOffers = z.array(productOffer);
export type ProductOffers = z.infer<typeof productOffers>;

export interface StorefrontPair {
  itemId: string;
  listType: 'inventory' | 'wts';
  /** The size as stored on the item. */
  label: string;
}

export const storefrontNotFound = () =>
  new NotFoundError('This storefront does not exist or is not open.', 'STOREFRONT_NOT_FOUND');
export const productNotAvailable = () =>
  new NotFoundError('The store no longer sells this product.', 'PRODUCT_NOT_AVAILABLE');
export const sizeNotAvailable = () =>
  new ConflictError('This size is no longer in stock.', 'SIZE_NOT_AVAILABLE');

/** The storefront's own size match: labels compare trimmed and case-blind (`us 9` is `US 9`). */
const sameSize = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The item an offer on `size` is recorded against: the cheapest in-stock pair of that size that
 * is an item (the one Buy would sell first); null when none is left.
 */
export function pairForSize(offers: ProductOffers, size: string): StorefrontPair | null {
  const pair = offers
    .filter((o) => sameSize(o.label, size))
    .sort((a, b) => a.price - b.price)
    .find((o) => o.itemId !== null && o.listType !== null);
  return pair ? { itemId: pair.itemId!, listType: pair.listType!, label: pair.label } : null;
}

export interface StorefrontProductSummary {
  productId: string;
  name: string;
  sku: string;
  currency: Currency;
  offers: ProductOffers;
}

/**
 * The product and the pair an offer is made on, in the order a visitor can fix them: a store
 * whose storefront is off (or absent) is not found, then the product, then the size.
 */
export function resolveStorefrontTarget(
  enabled: boolean | null,
  product: StorefrontProductSummary | null,
  size: string,
): { product: StorefrontProductSummary; pair: StorefrontPair } {
  if (!enabled) throw storefrontNotFound();
  if (!product) throw productNotAvailable();
  const pair = pairForSize(product.offers, size);
  if (!pair) throw sizeNotAvailable();
  return { product, pair };
}
