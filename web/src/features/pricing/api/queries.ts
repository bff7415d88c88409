import { useInfiniteQuery } from '@tanstack/react-query';
import { listPricingThings, type ApiCall } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';

/** The first element is what the realtime `invalidate` frames name. */
export const pricingKeys = {
  all: ['pricing.things'] as const,
  list: () => ['pricing.things', 'list'] as const,
};

export const THINGS_PAGE_SIZE = 50;

/** The caller's things, newest first, a page per fetch. */
export function thingsOptions(api: ApiCall) {
  return cursorPagesOptions({
    queryKey: pricingKeys.list(),
    fetchPage: (cursor, signal) =>
      api(listPricingThings, { query: { cursor, limit: THINGS_PAGE_SIZE }, signal }),
  });
}

export function useThings() {
  const api = useApi();
  return useInfiniteQuery(thingsOptions(api));
}
