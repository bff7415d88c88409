import {
  infiniteQueryOptions,
  type InfiniteData,
  type keepPreviousData,
  type QueryKey,
} from '@tanstack/react-query';

/** What every list route answers besides its items: the next page's cursor (null on the last page). */
export interface CursorPage {
  cursor: string | null;
}

export interface CursorPagesOptions<TPage extends CursorPage, TKey extends QueryKey> {
  queryKey: TKey;
  /** One page from the API; `cursor` is undefined for the first page. */
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<TPage>;
  enabled?: boolean;
  retry?: boolean;
  /** `keepPreviousData`: the previous key's pages stay shown while another filter loads. */
  placeholderData?: typeof keepPreviousData;
}

/**
 * `infiniteQueryOptions` for a cursor-paged list route: the first page without a cursor,
 * then each page's `cursor` until it is null. Use with `useInfiniteQuery` (and
 * `PagedList`), `prefetchInfiniteQuery` or `invalidateQueries({ queryKey })`.
 */
export function cursorPagesOptions<TPage extends CursorPage, TKey extends QueryKey>({
  fetchPage,
  ...options
}: CursorPagesOptions<TPage, TKey>) {
  return infiniteQueryOptions<
    TPage,
    Error,
    InfiniteData<TPage, string | undefined>,
    TKey,
    string | undefined
  >({
    ...options,
    initialPageParam: undefined,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}
