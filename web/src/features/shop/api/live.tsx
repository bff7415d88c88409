import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@sneakers/shared/api-client';
import type { StorefrontFilters } from '../model/filters';
import type { ProductAnswer, StorefrontAnswer } from '../model/initial-data';
import type { ProductResult, StorefrontResult } from '../model/live-results';
import { productKey, useStorefront, useStorefrontProduct } from './queries';

// The shop's data layer, loaded after store.html's first paint (components/shop-layer.tsx).
// Each bridge runs a query and hands its state to the page that drew the first data, so the
// page keeps its DOM (and the buyer's input) when the layer arrives.

export function StorefrontData({
  storeId,
  filters,
  initial,
  onResult,
}: {
  storeId: string;
  filters: StorefrontFilters;
  initial: StorefrontAnswer | undefined;
  onResult: (result: StorefrontResult) => void;
}): ReactNode {
  const query = useStorefront(storeId, filters, initial);
  const {
    data,
    isPending,
    isError,
    error,
    isFetching,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    refetch,
  } = query;
  const result = useMemo<StorefrontResult>(
    () => ({
      pages: data?.pages,
      isPending,
      isError,
      notFound: error instanceof ApiError && error.status === 404,
      isFetching,
      hasNextPage,
      isFetchingNextPage,
      fetchNextPage: () => void fetchNextPage(),
      refetch: () => void refetch(),
    }),
    [data, isPending, isError, error, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage, refetch],
  );
  useLayoutEffect(() => onResult(result), [result, onResult]);
  return null;
}

export function ProductData({
  storeId,
  productId,
  initial,
  onResult,
}: {
  storeId: string;
  productId: string;
  initial: ProductAnswer | undefined;
  onResult: (result: ProductResult) => void;
}): ReactNode {
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch } = useStorefrontProduct(storeId, productId, initial);
  const result = useMemo<ProductResult>(
    () => ({
      data,
      isPending,
      isError,
      notFound: error instanceof ApiError && error.status === 404,
      errorCode: error instanceof ApiError ? error.code : null,
      refetch: () => void refetch(),
      invalidate: () => void queryClient.invalidateQueries({ queryKey: productKey(storeId, productId) }),
    }),
    [data, isPending, isError, error, refetch, queryClient, storeId, productId],
  );
  useLayoutEffect(() => onResult(result), [result, onResult]);
  return null;
}
