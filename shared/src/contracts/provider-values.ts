/**
 * The providers' enums on their own (re-exported by ./providers): the shared provider view
 * and consignment entity need only these, and importing ./providers would bundle every
 * providers and crm contract into each function that reads or writes those rows.
 */
export const PROVIDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** Goods a provider leaves with the store to sell (docs/product/providers-and-consignments.md#consignment-statuses). */
export const CONSIGNMENT_STATUSES = ['in_stock', 'sold', 'returned'] as const;
export type ConsignmentStatus = (typeof CONSIGNMENT_STATUSES)[number];
