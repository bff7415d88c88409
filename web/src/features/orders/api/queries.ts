import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CRM_PAGE_SIZE_MAX,
  createOrder,
  fulfilOrder,
  getOrder,
  getSharedOrder,
  listClients,
  listOrders,
  updateOrder,
  type ApiCall,
  type Order,
  type OrderCreate,
  type OrderStatus,
  type OrderUpdate,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { fetchAllPages } from '../../../lib/page-items';
import { useInvalidateMoney } from '../../../lib/money-queries';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

export type OrderSide = 'store' | 'partner';
export type OrderStatusFilter = OrderStatus | 'all';

/** The first element is what the realtime `invalidate` frames name. */
export const orderKeys = {
  all: sharedQueryKeys.orders(),
  lists: () => ['orders', 'list'] as const,
  list: (side: OrderSide, status: OrderStatusFilter) => ['orders', 'list', side, status] as const,
  one: (id: string) => ['orders', 'one', id] as const,
  shared: (shareId: string) => ['orders', 'shared', shareId] as const,
};

/** The CRM's own key for every client: the picker shares the cache with the clients section. */
const allClientsKey = ['crm.clients', 'all-pages'] as const;

export const ORDERS_PAGE_SIZE = 50;

export function ordersOptions(api: ApiCall, side: OrderSide, status: OrderStatusFilter) {
  return cursorPagesOptions({
    queryKey: orderKeys.list(side, status),
    fetchPage: (cursor, signal) =>
      api(listOrders, {
        query: { side, ...(status === 'all' ? {} : { status }), cursor, limit: ORDERS_PAGE_SIZE },
        signal,
      }),
  });
}

export function orderOptions(api: ApiCall, id: string) {
  return queryOptions({
    queryKey: orderKeys.one(id),
    retry: false,
    queryFn: async ({ signal }) => (await api(getOrder, { params: { orderId: id }, signal })).order,
  });
}

export function useOrders(side: OrderSide, status: OrderStatusFilter) {
  const api = useApi();
  return useInfiniteQuery(ordersOptions(api, side, status));
}

export function useOrder(id: string) {
  const api = useApi();
  return useQuery(orderOptions(api, id));
}

/** The public page's order, by its share id (no sign-in). */
export function useSharedOrder(shareId: string) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.shared(shareId),
    retry: false,
    queryFn: async ({ signal }) => (await api(getSharedOrder, { params: { shareId }, signal })).order,
  });
}

/** Every client of the store (the order form's client picker). */
export function useAllClients() {
  const api = useApi();
  return useQuery({
    queryKey: allClientsKey,
    queryFn: ({ signal }) =>
      fetchAllPages(
        (cursor) => api(listClients, { query: { cursor, limit: CRM_PAGE_SIZE_MAX }, signal }),
        (page) => page.clients,
      ),
  });
}

function useOrderSaved() {
  const queryClient = useQueryClient();
  return (order: Order) => {
    queryClient.setQueryData(orderKeys.one(order.id), order);
    return queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  };
}

export function useCreateOrder() {
  const api = useApi();
  const saved = useOrderSaved();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: OrderCreate; idempotencyKey: string }) =>
      (await api(createOrder, { body, idempotencyKey })).order,
    onSuccess: saved,
  });
}

export function useUpdateOrder(id: string) {
  const api = useApi();
  const saved = useOrderSaved();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderUpdate) =>
      (await api(updateOrder, { params: { orderId: id }, body })).order,
    onSuccess: saved,
    // A 409 means the order moved under us (another tab): show what it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.one(id) }),
  });
}

export function useFulfilOrder(id: string) {
  const api = useApi();
  const saved = useOrderSaved();
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  return useMutation({
    mutationFn: async () => (await api(fulfilOrder, { params: { orderId: id } })).order,
    // Its lines became sales: the sales lists and the overview's figures move.
    onSuccess: async (order) => {
      await saved(order);
      await invalidateMoney({ kind: 'fulfilment' });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.one(id) }),
  });
}
