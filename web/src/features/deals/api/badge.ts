import { useQuery } from '@tanstack/react-query';
import { dealsBadge } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { dealsKeys } from './keys';

/**
 * The sidebar's Deals badge: deals matched since the board was last opened. Undefined while
 * loading or when the read fails (the badge stays hidden; the app goes on). Kept fresh by
 * the realtime `deals` push of every new match and of the board being opened elsewhere.
 */
export function useDealsBadge(enabled = true): number | undefined {
  const api = useApi();
  const query = useQuery({
    queryKey: dealsKeys.badge,
    enabled,
    retry: false,
    queryFn: async ({ signal }) => (await api(dealsBadge, { signal })).newDeals,
  });
  return query.data;
}
