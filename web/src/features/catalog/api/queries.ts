import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  catalogFacets,
  createItem,
  deleteProduct,
  getProduct,
  listReleases,
  refreshVariants,
  searchProducts,
  updateProduct,
  type ApiCall,
  type ItemCreate,
  type Product,
  type ProductUpdate,
  type Variant,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import type { CatalogSearch } from '../model/search-params';

/** The first element is what the realtime `invalidate` frames name. */
export const catalogKeys = {
  all: ['catalog'] as const,
  search: (search: CatalogSearch) =>
    ['catalog', 'search', search.q.trim(), search.brand, search.productType, search.page] as const,
  facets: () => ['catalog', 'facets'] as const,
  product: (id: string) => ['catalog', 'product', id] as const,
  releases: (brand: string) => ['catalog', 'releases', brand] as const,
};

/** Search results stay fresh 5 minutes, the recent products (no query) 2 (docs/product/catalogue.md#product-catalog-section). */
export const SEARCH_STALE_MS = 5 * 60_000;
export const RECENT_STALE_MS = 2 * 60_000;
export const RELEASES_PAGE_SIZE = 24;

/** The lists' query keys start with 'items' (a WTB item made here lands there). */
const ITEMS_KEY = ['items'] as const;

export function searchOptions(api: ApiCall, search: CatalogSearch) {
  const q = search.q.trim();
  return queryOptions({
    queryKey: catalogKeys.search(search),
    staleTime: q ? SEARCH_STALE_MS : RECENT_STALE_MS,
    // The page shown stays while the next one (or the next keystroke's results) loads.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api(searchProducts, {
        query: {
          q: q || undefined,
          brand: search.brand || undefined,
          productType: search.productType || undefined,
          page: search.page,
        },
        signal,
      }),
  });
}

export function useProductSearch(search: CatalogSearch) {
  const api = useApi();
  return useQuery(searchOptions(api, search));
}

export function useCatalogFacets() {
  const api = useApi();
  return useQuery({
    queryKey: catalogKeys.facets(),
    queryFn: ({ signal }) => api(catalogFacets, { signal }),
  });
}

export function productOptions(api: ApiCall, id: string) {
  return queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => api(getProduct, { params: { productId: id }, signal }),
  });
}

export function useProduct(id: string, enabled = true) {
  const api = useApi();
  return useQuery({ ...productOptions(api, id), enabled });
}

export function useReleases(brand: string) {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions({
      queryKey: catalogKeys.releases(brand),
      placeholderData: keepPreviousData,
      fetchPage: (cursor, signal) =>
        api(listReleases, {
          query: { brand: brand || undefined, cursor, limit: RELEASES_PAGE_SIZE },
          signal,
        }),
    }),
  );
}

type ProductData = { product: Product; variants: Variant[] };

/** Lists and searches show the product as it is now: they read again. */
function useInvalidateLists() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: catalogKeys.all,
      predicate: (query) => query.queryKey[1] !== 'product',
    });
}

export function useUpdateProduct(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const invalidateLists = useInvalidateLists();
  return useMutation({
    mutationFn: async (body: ProductUpdate) =>
      (await api(updateProduct, { params: { productId: id }, body })).product,
    onSuccess: (product) => {
      queryClient.setQueryData<ProductData>(catalogKeys.product(id), (data) =>
        data ? { ...data, product } : data,
      );
      return invalidateLists();
    },
  });
}

export function useDeleteProduct(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const invalidateLists = useInvalidateLists();
  return useMutation({
    mutationFn: () => api(deleteProduct, { params: { productId: id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: catalogKeys.product(id) });
      return invalidateLists();
    },
  });
}

export function useRefreshVariants(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(refreshVariants, { params: { productId: id } }),
    onSuccess: ({ variants }) => {
      queryClient.setQueryData<ProductData>(catalogKeys.product(id), (data) =>
        data ? { ...data, variants } : data,
      );
      return queryClient.invalidateQueries({ queryKey: catalogKeys.product(id) });
    },
  });
}

export function useAddToWtb() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: ItemCreate; idempotencyKey: string }) =>
      (await api(createItem, { body, idempotencyKey })).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ITEMS_KEY }),
  });
}
