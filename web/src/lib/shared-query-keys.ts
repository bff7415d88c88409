/**
 * Query keys that more than one feature names: the owner builds its queries with them and
 * the other feature invalidates them, without importing across features.
 */
export const sharedQueryKeys = {
  /** The providers feature's consignments of one provider; a payment marks some of them paid. */
  providerConsignments: (providerId: string) => ['providers', 'consignments', providerId] as const,
  /** The inventory and lists (the lists feature): a sale takes a size off an item. */
  items: () => ['items'] as const,
  /** Every sales query (the sales feature): lists, one sale, the DAC7 summary. */
  sales: () => ['sales'] as const,
  /** The overview's figures (the overview feature), every period and currency. */
  overview: () => ['overview'] as const,
  /** Payments made (the payments feature), every filter. */
  paymentLists: () => ['payments', 'list'] as const,
  /** What the store owes each provider (the payments feature). */
  providerBalances: () => ['payments', 'balances'] as const,
  /** One provider's sold, unpaid consignments (the payments feature's pay dialog). */
  payableConsignments: (providerId: string) => ['payments', 'payable', providerId] as const,
  /** Virtual products (their feature): a sale adds to one's sold count. */
  virtualProducts: () => ['virtual-products'] as const,
  /** Orders (their feature): a fulfilment marks one fulfilled. */
  orders: () => ['orders'] as const,
  /** Bookings and clients (the CRM feature): a booking's deposit shows on both. */
  bookings: () => ['crm.bookings'] as const,
  clients: () => ['crm.clients'] as const,
};
