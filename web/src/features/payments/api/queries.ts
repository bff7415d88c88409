import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPayment,
  getPayment,
  listConsignments,
  listPayments,
  listProviderBalances,
  listProviders,
  type ApiCall,
  type PaymentCreate,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { fetchAllPages } from '../../../lib/page-items';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { useInvalidateMoney } from '../../../lib/money-queries';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** The first element is what the realtime `invalidate` frames name. */
export const paymentKeys = {
  all: ['payments'] as const,
  lists: sharedQueryKeys.paymentLists,
  list: (providerId: string | null) => ['payments', 'list', providerId ?? 'all'] as const,
  one: (id: string) => ['payments', 'one', id] as const,
  balances: sharedQueryKeys.providerBalances,
  providers: () => ['payments', 'providers'] as const,
  payable: sharedQueryKeys.payableConsignments,
};

export const PAYMENTS_PAGE_SIZE = 50;

export function paymentsListOptions(api: ApiCall, providerId: string | null) {
  return cursorPagesOptions({
    queryKey: paymentKeys.list(providerId),
    fetchPage: (cursor, signal) =>
      api(listPayments, {
        query: { ...(providerId ? { providerId } : {}), cursor, limit: PAYMENTS_PAGE_SIZE },
        signal,
      }),
  });
}

export function usePayments(providerId: string | null) {
  const api = useApi();
  return useInfiniteQuery(paymentsListOptions(api, providerId));
}

export function paymentOptions(api: ApiCall, id: string) {
  return queryOptions({
    queryKey: paymentKeys.one(id),
    queryFn: async ({ signal }) => (await api(getPayment, { params: { paymentId: id }, signal })).payment,
  });
}

export function usePayment(id: string) {
  const api = useApi();
  return useQuery(paymentOptions(api, id));
}

export function balancesOptions(api: ApiCall) {
  return queryOptions({
    queryKey: paymentKeys.balances(),
    queryFn: async ({ signal }) => (await api(listProviderBalances, { signal })).balances,
  });
}

export function useProviderBalances() {
  const api = useApi();
  return useQuery(balancesOptions(api));
}

/** Every provider of the store (names for balances, the filter and the pay dialog). */
export function providersOptions(api: ApiCall) {
  return queryOptions({
    queryKey: paymentKeys.providers(),
    queryFn: ({ signal }) =>
      fetchAllPages(
        (cursor) => api(listProviders, { query: { cursor, limit: 100 }, signal }),
        (page) => page.providers,
      ),
  });
}

export function useAllProviders(enabled = true) {
  const api = useApi();
  return useQuery({ ...providersOptions(api), enabled });
}

/** The provider's sold consignments not paid yet: what a payment can settle. */
export function payableOptions(api: ApiCall, providerId: string) {
  return queryOptions({
    queryKey: paymentKeys.payable(providerId),
    // Always fresh: another tab may have paid some of them a moment ago.
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (await api(listConsignments, { params: { providerId }, signal })).consignments.filter(
        (c) => c.status === 'sold' && c.paymentId === null,
      ),
  });
}

export function usePayableConsignments(providerId: string | null) {
  const api = useApi();
  return useQuery({ ...payableOptions(api, providerId ?? ''), enabled: Boolean(providerId) });
}

export function useCreatePayment() {
  const api = useApi();
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: PaymentCreate; idempotencyKey: string }) =>
      (await api(createPayment, { body, idempotencyKey })).payment,
    onSuccess: (payment) => queryClient.setQueryData(paymentKeys.one(payment.id), payment),
    // Failed ones too: a 409 means some consignments were paid meanwhile. The balances, the
    // provider's consignments and the overview's owed figure all move.
    onSettled: (_payment, _error, { body }) =>
      invalidateMoney({ kind: 'payment', providerId: body.providerId }),
  });
}
