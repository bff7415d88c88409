/**
 * The lists' enums on their own (re-exported by ./lists): the shared item entity and the
 * public-visibility rule need only these, and importing ./lists would bundle every lists
 * contract into each function that writes an item row (sales, orders, payments).
 */
export const LIST_TYPES = ['inventory', 'wtb', 'wts', 'wtc'] as const;
/** Lists that can be shared by link at /share/{userId}/{listType} (docs/product/lists-and-public-lists.md#public-shareable-list). */
export const SHAREABLE_LIST_TYPES = ['wtb', 'wts', 'wtc'] as const;
/** Lists whose public page offers the make-offer button (docs/product/lists-and-public-lists.md#make-offer-button). */
export const OFFERABLE_LIST_TYPES = ['wtb', 'wtc'] as const;
/**
 * The lists an anonymous offer's line can sit on: a public WTB/WTC list, or the inventory or WTS
 * item behind a storefront product's size (docs/product/offers.md#storefront-offers). Only the
 * storefront path records inventory/wts; the public-list path still takes OFFERABLE_LIST_TYPES.
 */
export const ANONYMOUS_OFFER_LIST_TYPES = ['wtb', 'wtc', 'inventory', 'wts'] as const;
export const ITEM_STATUSES = ['available', 'pending', 'sold'] as const;
export const ITEM_VISIBILITIES = ['public', 'private'] as const;

/**
 * An anonymous offer made from a storefront product page (on an inventory or WTS item): the
 * visitor wants to buy, so it never becomes a purchase order (docs/product/offers.md#storefront-offers).
 */
export function isStorefrontOffer(
  listType: (typeof ANONYMOUS_OFFER_LIST_TYPES)[number],
): listType is 'inventory' | 'wts' {
  return listType === 'inventory' || listType === 'wts';
}
