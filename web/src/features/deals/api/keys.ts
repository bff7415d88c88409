import { REALTIME_QUERY_KEYS, type DealSort, type RealtimeQueryKey } from '@sneakers/shared';

const { deals } = REALTIME_QUERY_KEYS;

/** Board filters as the query key holds them (one cache entry per sort and filter). */
export interface DealFilters {
  sort: DealSort;
  brand: string;
  size: string;
}

/**
 * Every key starts with what the server's `invalidate` frame names ('deals'): a new match,
 * a sold pair or a seen board pushes it, and the board, the badge and the hidden list refetch.
 */
export const dealsKeys = {
  all: [deals] as const,
  board: (filters: DealFilters) => [deals, 'board', filters] as const,
  boards: [deals, 'board'] as const,
  badge: [deals, 'badge'] as const,
  hidden: [deals, 'hidden'] as const,
  settings: [deals, 'settings'] as const,
};

/** Refetched whenever the signed-in user's socket (re)subscribes: a push may have been missed. */
export const DEALS_REALTIME_KEYS: readonly RealtimeQueryKey[] = [deals];
