import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
// Contracts by module, not the @sneakers/shared index: store.html's first paint loads this file.
import {
  cancelStorefrontCheckout,
  createStorefrontCheckout,
  getStorefront,
  getStorefrontCheckout,
  getStorefrontProduct,
  requestStorefrontNotify,
  confirmStorefrontNotify,
  unsubscribeStorefrontNotify,
  STOREFRONT_PAGE_SIZE,
  type CheckoutCreate,
} from '@sneakers/shared/contracts/storefront';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { isUnfiltered, storefrontQuery, type StorefrontFilters } from '../model/filters';
import type { ProductAnswer, StorefrontAnswer } from '../model/initial-data';

export { isUnfiltered, storefrontQuery, type StorefrontFilters };

export const storefrontKey = (storeId: string) => ['storefront', storeId] as const;

export function useStorefront(storeId: string, filters: StorefrontFilters, initial?: StorefrontAnswer) {
  const api = useApi();
  const query = storefrontQuery(filters);
  return useInfiniteQuery({
    ...cursorPagesOptions({
      queryKey: [...storefrontKey(storeId), query] as const,
      retry: false,
      // The grid keeps the previous results while another filter loads.
      placeholderData: keepPreviousData,
      fetchPage: (cursor, signal) =>
        api(getStorefront, {
          params: { storeId },
          query: { ...query, ...(cursor ? { cursor } : {}), limit: STOREFRONT_PAGE_SIZE },
          signal,
        }),
    }),
    ...(initial && isUnfiltered(filters)
      ? {
          initialData: { pages: [initial], pageParams: [undefined] } satisfies InfiniteData<
            StorefrontAnswer,
            string | undefined
          >,
        }
      : {}),
  });
}

export const productKey = (storeId: string, productId: string) =>
  ['storefront', storeId, 'product', productId] as const;

export function useStorefrontProduct(storeId: string, productId: string, initial?: ProductAnswer) {
  const api = useApi();
  return useQuery({
    queryKey: productKey(storeId, productId),
    retry: false,
    queryFn: ({ signal }) => api(getStorefrontProduct, { params: { storeId, productId }, signal }),
    ...(initial ? { initialData: initial } : {}),
  });
}

export function useCreateCheckout(storeId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckoutCreate; idempotencyKey: string }) =>
      api(createStorefrontCheckout, { params: { storeId }, body, idempotencyKey }),
  });
}

/** How often the return page asks whether the payment arrived. */
export const CHECKOUT_POLL_MS = 2000;

export function useCheckout(storeId: string, checkoutId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['storefront', storeId, 'checkout', checkoutId],
    enabled,
    retry: false,
    queryFn: async ({ signal }) =>
      (await api(getStorefrontCheckout, { params: { storeId, checkoutId }, signal })).checkout,
    // Until the order's page is known: paid comes from the provider's webhook, the order
    // link a moment later from commerce.
    refetchInterval: (query) => {
      const checkout = query.state.data;
      if (!checkout) return query.state.error ? false : CHECKOUT_POLL_MS;
      if (checkout.status === 'open') return CHECKOUT_POLL_MS;
      return checkout.status === 'paid' && !checkout.orderShareId ? CHECKOUT_POLL_MS : false;
    },
  });
}

export function useCancelCheckout(storeId: string, checkoutId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: async () =>
      (await api(cancelStorefrontCheckout, { params: { storeId, checkoutId } })).checkout,
  });
}

export function useNotifyRequest(storeId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (body: { productId: string; size: string; email: string; locale: 'en' | 'es' }) =>
      api(requestStorefrontNotify, { params: { storeId }, body }),
  });
}

export function useConfirmNotify() {
  const api = useApi();
  return useMutation({ mutationFn: (token: string) => api(confirmStorefrontNotify, { body: { token } }) });
}

export function useUnsubscribeNotify() {
  const api = useApi();
  return useMutation({
    mutationFn: (token: string) => api(unsubscribeStorefrontNotify, { body: { token } }),
  });
}
