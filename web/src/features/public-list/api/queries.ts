import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
// Contracts by module, not the @sneakers/shared index: this is the shared list's first paint,
// and the index would bring every contract of the app with it.
import { getPublicList, getPublicListFacets, type ShareableListType } from '@sneakers/shared/contracts/lists';
import {
  getRatingSummary,
  startConversation,
  type StartConversation,
} from '@sneakers/shared/contracts/messaging';
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

/** The key the realtime frames name when a rating changes. */
export const userRatingKey = (userId: string) => ['user-rating', userId] as const;

/** The owner's rating for the header (public: a visitor without an account sees it too). */
export function useUserRating(userId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: userRatingKey(userId),
    enabled,
    retry: false,
    queryFn: async ({ signal }) => (await api(getRatingSummary, { params: { userId }, signal })).summary,
  });
}

/** Opens (or reopens: same partner and item) the conversation a Message button leads to. */
export function useStartConversation() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: StartConversation) => (await api(startConversation, { body })).conversation,
  });
}
