import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { listBillingInvoices, type BillingSummary } from '@sneakers/shared/contracts/billing';
import type { UserProfile } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { billingKeys, fetchBillingSummary } from '../../../lib/billing/billing-summary';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { summaryFromProfile } from '../model/summary';

export { billingKeys };

export const INVOICES_PAGE_SIZE = 12;

export interface SummaryOptions {
  /** Demo mode: the demo store's profile stands in when the billing read fails. */
  demoProfile?: () => UserProfile;
  /** While a checkout return waits for the provider's word, the summary is asked again this often. */
  pollMs?: number | false;
}

/** GET /api/billing, the section's summary (docs/product/billing.md#billing-section). */
export function useBillingSummary({ demoProfile, pollMs = false }: SummaryOptions = {}) {
  const api = useApi();
  return useQuery({
    queryKey: billingKeys.summary(),
    queryFn: async ({ signal }): Promise<BillingSummary> => {
      if (!demoProfile) return fetchBillingSummary(api, signal);
      try {
        return await fetchBillingSummary(api, signal);
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        console.warn('Demo billing summary unavailable; showing the demo profile', error);
        return summaryFromProfile(demoProfile(), new Date());
      }
    },
    refetchInterval: pollMs,
  });
}

/** The account's invoices, newest first, a page at a time. */
export function useBillingInvoices(isDemo: boolean) {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions({
      queryKey: billingKeys.invoices(),
      fetchPage: async (cursor, signal) => {
        try {
          return await api(listBillingInvoices, { query: { cursor, limit: INVOICES_PAGE_SIZE }, signal });
        } catch (error) {
          // The demo store has never paid: an unanswered read is its empty list, not an error.
          if (isDemo && (error as Error).name !== 'AbortError') return { invoices: [], cursor: null };
          throw error;
        }
      },
    }),
  );
}
