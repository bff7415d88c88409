import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getPublicList, getPublicListFacets, type ShareableListType } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { publicPageSize } from '../model/paging';

export function usePublicList(userId: string, listType: ShareableListType) {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions({
      queryKey: ['publicList', userId, listType],
      retry: false,
      fetchPage: (cursor, signal) =>
        api(getPublicList, {
          params: { userId, listType },
          query: { cursor, limit: publicPageSize(cursor) },
          signal,
        }),
    }),
  );
}

export function usePublicFacets(userId: string, listType: ShareableListType, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['publicList', userId, listType, 'facets'],
    enabled,
    retry: false,
    queryFn: ({ signal }) => api(getPublicListFacets, { params: { userId, listType }, signal }),
  });
}
