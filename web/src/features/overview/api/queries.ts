import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getOverview, type ApiCall, type Currency, type OverviewPeriod } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** Under the shared root every money write invalidates (lib/money-queries.ts). */
export const overviewKeys = {
  all: sharedQueryKeys.overview(),
  one: (period: OverviewPeriod, currency: Currency | undefined) =>
    ['overview', period, currency ?? 'default'] as const,
};

export function overviewOptions(api: ApiCall, period: OverviewPeriod, currency: Currency | undefined) {
  return queryOptions({
    queryKey: overviewKeys.one(period, currency),
    // Writes this tab never saw (another tab, stock edits) change the figures too: opening
    // the overview always asks again (the cached figures show meanwhile).
    refetchOnMount: 'always',
    queryFn: async ({ signal }) =>
      (await api(getOverview, { query: { period, ...(currency ? { currency } : {}) }, signal })).overview,
  });
}

export function useOverview(period: OverviewPeriod, currency: Currency | undefined) {
  const api = useApi();
  // The last figures stay on screen while another period loads (no skeleton flash).
  return useQuery({ ...overviewOptions(api, period, currency), placeholderData: keepPreviousData });
}
