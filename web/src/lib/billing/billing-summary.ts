import type { QueryClient } from '@tanstack/react-query';
import type { ApiCall } from '@sneakers/shared/api-client';
import { getBillingSummary, type BillingSummary } from '@sneakers/shared/contracts/billing';

/** The billing section's and the profile's Manage Billing's one cache of GET /api/billing. */
export const billingKeys = {
  all: ['billing'] as const,
  summary: () => ['billing', 'summary'] as const,
  invoices: () => ['billing', 'invoices'] as const,
};

export async function fetchBillingSummary(api: ApiCall, signal?: AbortSignal): Promise<BillingSummary> {
  return (await api(getBillingSummary, { signal })).billing;
}

/** The summary from the cache when fresh, else from the API (Manage Billing decides with it). */
export function billingSummaryNow(queryClient: QueryClient, api: ApiCall): Promise<BillingSummary> {
  return queryClient.fetchQuery({
    queryKey: billingKeys.summary(),
    queryFn: ({ signal }) => fetchBillingSummary(api, signal),
    staleTime: 30_000,
  });
}
