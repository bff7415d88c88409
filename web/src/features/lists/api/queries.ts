import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createItem,
  deleteItem,
  getMyItem,
  listMyItems,
  updateItem,
  updateMyProfile,
  type ApiCall,
  type ItemCreate,
  type ItemUpdate,
  type ListType,
  type ProfileUpdate,
} from '@sneakers/shared';
import { PROFILE_QUERY_KEY } from '../../../lib/session/profile-query';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';

export const itemKeys = {
  all: ['items'] as const,
  list: (listType: ListType) => ['items', 'list', listType] as const,
  one: (id: string) => ['items', 'one', id] as const,
};

export const ITEMS_PAGE_SIZE = 50;

export function myItemsOptions(api: ApiCall, listType: ListType, enabled = true) {
  return cursorPagesOptions({
    queryKey: itemKeys.list(listType),
    enabled,
    fetchPage: (cursor, signal) =>
      api(listMyItems, { query: { listType, cursor, limit: ITEMS_PAGE_SIZE }, signal }),
  });
}

export function useMyItems(listType: ListType, enabled = true) {
  const api = useApi();
  return useInfiniteQuery(myItemsOptions(api, listType, enabled));
}

export function useMyItem(id: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: itemKeys.one(id),
    enabled,
    queryFn: async ({ signal }) => (await api(getMyItem, { params: { itemId: id }, signal })).item,
  });
}

export function useSaveItem(id?: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: ItemCreate) => {
      if (!id) return (await api(createItem, { body: payload })).item;
      const { listType: _listType, bookingId: _bookingId, ...changes } = payload;
      return (await api(updateItem, { params: { itemId: id }, body: changes as ItemUpdate })).item;
    },
    onSuccess: (item) => {
      queryClient.setQueryData(itemKeys.one(item.id), item);
      return queryClient.invalidateQueries({ queryKey: itemKeys.list(item.listType) });
    },
  });
}

export function useDeleteItem(listType: ListType) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteItem, { params: { itemId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.list(listType) }),
  });
}

export function useUpdateProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileUpdate) => (await api(updateMyProfile, { body })).profile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PROFILE_QUERY_KEY] }),
  });
}
