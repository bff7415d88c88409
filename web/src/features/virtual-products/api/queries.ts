import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createVirtualProduct,
  deleteVirtualProduct,
  getProduct,
  getVirtualProduct,
  listVirtualProducts,
  updateVirtualProduct,
  type ApiCall,
  type VirtualProduct,
  type VirtualProductCreate,
  type VirtualProductUpdate,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** The first element is what the realtime `invalidate` frames name. */
export const virtualProductKeys = {
  all: sharedQueryKeys.virtualProducts(),
  list: () => ['virtual-products', 'list'] as const,
  one: (id: string) => ['virtual-products', 'one', id] as const,
};

/** The catalogue's own key for a product: shared with the picker and the catalogue screens. */
const catalogProductKey = (id: string) => ['catalog', 'product', id] as const;

export const VIRTUAL_PRODUCTS_PAGE_SIZE = 50;

export function virtualProductsOptions(api: ApiCall) {
  return cursorPagesOptions({
    queryKey: virtualProductKeys.list(),
    fetchPage: (cursor, signal) =>
      api(listVirtualProducts, { query: { cursor, limit: VIRTUAL_PRODUCTS_PAGE_SIZE }, signal }),
  });
}

export function virtualProductOptions(api: ApiCall, id: string) {
  return queryOptions({
    queryKey: virtualProductKeys.one(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api(getVirtualProduct, { params: { virtualProductId: id }, signal })).virtualProduct,
  });
}

export function useVirtualProducts() {
  const api = useApi();
  return useInfiniteQuery(virtualProductsOptions(api));
}

export function useVirtualProduct(id: string) {
  const api = useApi();
  return useQuery(virtualProductOptions(api, id));
}

/** A catalogue product's variants (the sizes a virtual product may offer); null: no product. */
export function useCatalogVariants(productId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: catalogProductKey(productId ?? ''),
    enabled: productId !== null,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api(getProduct, { params: { productId: productId ?? '' }, signal }),
    select: (answer) => answer.variants,
  });
}

function useSaved() {
  const queryClient = useQueryClient();
  return (product: VirtualProduct) => {
    queryClient.setQueryData(virtualProductKeys.one(product.id), product);
    return queryClient.invalidateQueries({ queryKey: virtualProductKeys.list() });
  };
}

export function useCreateVirtualProduct() {
  const api = useApi();
  const saved = useSaved();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: VirtualProductCreate; idempotencyKey: string }) =>
      (await api(createVirtualProduct, { body, idempotencyKey })).virtualProduct,
    onSuccess: saved,
  });
}

export function useUpdateVirtualProduct(id: string) {
  const api = useApi();
  const saved = useSaved();
  return useMutation({
    mutationFn: async (body: VirtualProductUpdate) =>
      (await api(updateVirtualProduct, { params: { virtualProductId: id }, body })).virtualProduct,
    onSuccess: saved,
  });
}

export function useDeleteVirtualProduct() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(deleteVirtualProduct, { params: { virtualProductId: id } });
      return id;
    },
    onSuccess: (id) => {
      queryClient.removeQueries({ queryKey: virtualProductKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: virtualProductKeys.list() });
    },
  });
}

/** After a sale: the product's sold count (and the lists) change. */
export function useRefreshAfterSale() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: virtualProductKeys.all });
}
