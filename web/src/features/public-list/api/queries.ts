import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getPublicList, getPublicListFacets, type ShareableListType } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { publicPageSize } from '../model/paging';

export function usePublicList(userId: string, listType: ShareableListType) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['publicList', userId, listType],
    initialPageParam: undefined as string | undefined,
    retry: false,
    queryFn: ({ pageParam, signal }) =>
      api(getPublicList, {
        params: { userId, listType },
        query: { cursor: pageParam, limit: publicPageSize(pageParam) },
        signal,
      }),
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
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
