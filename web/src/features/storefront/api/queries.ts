import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  getStorefrontSetup,
  listStorefrontPrices,
  setStorefrontPrice,
  updateStorefrontSetup,
  type StorefrontPricedItem,
  type StorefrontSetupUpdate,
} from '@sneakers/shared/contracts/storefront';
import { listVirtualProducts } from '@sneakers/shared/contracts/virtual-products';
import type { ApiCall } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';

/** The first element is what the realtime `invalidate` frames name. */
export const storefrontKeys = {
  all: ['storefront.setup'] as const,
  setup: () => ['storefront.setup', 'get'] as const,
  prices: () => ['storefront.setup', 'prices'] as const,
  virtualProducts: () => ['storefront.setup', 'virtual-products'] as const,
};

export const PRICES_PAGE_SIZE = 25;
const VIRTUAL_PRODUCTS_PAGE_SIZE = 100;

export function setupOptions(api: ApiCall) {
  return {
    queryKey: storefrontKeys.setup(),
    queryFn: ({ signal }: { signal: AbortSignal }) => api(getStorefrontSetup, { signal }),
  };
}

export function useStorefrontSetup() {
  const api = useApi();
  return useQuery(setupOptions(api));
}

export function useSaveSetup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StorefrontSetupUpdate) => api(updateStorefrontSetup, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(storefrontKeys.setup(), answer);
      // The chosen lists decide which items the price table shows.
      return queryClient.invalidateQueries({ queryKey: storefrontKeys.prices() });
    },
  });
}

export function useStorefrontPrices() {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions({
      queryKey: storefrontKeys.prices(),
      fetchPage: (cursor, signal) =>
        api(listStorefrontPrices, { query: { cursor, limit: PRICES_PAGE_SIZE }, signal }),
    }),
  );
}

type PricesData = InfiniteData<{ items: StorefrontPricedItem[]; cursor: string | null }, string | undefined>;

export function useSetPrice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, price }: { itemId: string; price: number | null }) =>
      api(setStorefrontPrice, { params: { itemId }, body: { price } }),
    // The row changes in place: the loaded pages (and the reader's scroll) stay.
    onSuccess: ({ item }) =>
      queryClient.setQueryData<PricesData>(storefrontKeys.prices(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((row) => (row.itemId === item.itemId ? item : row)),
              })),
            }
          : data,
      ),
  });
}

/** The store's virtual products, for the checklist (a store has a few dozen at most). */
export function useVirtualProductChoices() {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions({
      queryKey: storefrontKeys.virtualProducts(),
      fetchPage: (cursor, signal) =>
        api(listVirtualProducts, { query: { cursor, limit: VIRTUAL_PRODUCTS_PAGE_SIZE }, signal }),
    }),
  );
}
