/**
 * Query keys that more than one feature names: the owner builds its queries with them and
 * the other feature invalidates them, without importing across features.
 */
export const sharedQueryKeys = {
  /** The providers feature's consignments of one provider; a payment marks some of them paid. */
  providerConsignments: (providerId: string) => ['providers', 'consignments', providerId] as const,
};
