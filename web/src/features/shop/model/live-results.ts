import type { ProductAnswer, StorefrontAnswer } from './initial-data';

/** What the storefront grid reads, from the inline first page or, once loaded, the data layer. */
export interface StorefrontResult {
  pages: StorefrontAnswer[] | undefined;
  isPending: boolean;
  isError: boolean;
  notFound: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  refetch: () => void;
}

/** What the product page reads, likewise. */
export interface ProductResult {
  data: ProductAnswer | undefined;
  isPending: boolean;
  isError: boolean;
  notFound: boolean;
  errorCode: string | null;
  refetch: () => void;
  /** Asks again (after a checkout found the size taken). */
  invalidate: () => void;
}

/** Before the data layer loads: the inline page, and any request for more loads the layer. */
export function firstStorefront(
  initial: StorefrontAnswer | undefined,
  waiting: boolean,
  request: () => void,
): StorefrontResult {
  return {
    pages: initial ? [initial] : undefined,
    isPending: !initial,
    isError: false,
    notFound: false,
    isFetching: waiting,
    hasNextPage: Boolean(initial?.cursor),
    isFetchingNextPage: false,
    fetchNextPage: request,
    refetch: request,
  };
}

export function firstProduct(initial: ProductAnswer | undefined, request: () => void): ProductResult {
  return {
    data: initial,
    isPending: !initial,
    isError: false,
    notFound: false,
    errorCode: null,
    refetch: request,
    invalidate: request,
  };
}
