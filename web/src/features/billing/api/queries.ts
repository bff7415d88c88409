import { useQuery } from '@tanstack/react-query';
import { getBillingSummary } from '@sneakers/shared/contracts/billing';
import { useApi } from '../../../lib/api';

/** The first element is what the realtime `invalidate` frames name. */
export const billingKeys = {
  all: ['billing'] as const,
  summary: () => ['billing', 'summary'] as const,
};

export function useBillingSummary() {
  const api = useApi();
  return useQuery({
    queryKey: billingKeys.summary(),
    queryFn: ({ signal }) => api(getBillingSummary, { signal }),
  });
}
