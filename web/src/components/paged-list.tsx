import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { Input } from './ui/form';
import { CenteredSpinner } from './ui/spinner';

/**
 * What PagedList reads from its query: a TanStack `useInfiniteQuery` result fits as it is;
 * a plain `useQuery` result fits too (no load more then).
 */
export interface PagedListQuery {
  /** Undefined until the first load succeeded. */
  data: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  /** True when the last failure was loading the next page (the loaded pages stay shown). */
  isFetchNextPageError?: boolean;
  fetchNextPage?: () => unknown;
}

/** The optional search box above the list (filtering stays the caller's: it passes `items` filtered). */
export interface PagedListSearch {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name and placeholder of the box, e.g. "Search by name, brand or SKU". */
  label: string;
}

/** Extra attributes of a row's `<li>`, e.g. `{ 'data-status': item.status }`. */
export type PagedListRowAttributes = Partial<Record<`data-${string}`, string>>;

export interface PagedListProps<T> {
  /** The list's query (see PagedListQuery); drives loading, error, retry and load more. */
  query: PagedListQuery;
  /**
   * The rows to show: the loaded pages flattened (`pageItems` from lib/page-items) and
   * filtered by the caller. Empty while loading.
   */
  items: readonly T[];
  /** A stable React key per item (its id). */
  getKey: (item: T) => string;
  /** One row's content; PagedList wraps it in the `<li>`. */
  renderItem: (item: T) => ReactNode;
  /** Accessible name of the list region (the section's name, e.g. "Clients"); the load-more button names it too. */
  label: string;
  /**
   * Prefix of the test ids: `<testId>-list`, `-empty`, `-error`, `-load-more` and
   * `-search`. Tests and e2e suites select by them: keep them stable.
   */
  testId: string;
  /** The caller's own load-failure text, e.g. t('clients.toast.loadError'). Shown in a `role="alert"`. */
  errorText: string;
  /** What an empty list says (and offers, e.g. a create button). Callers pick "no items yet" vs "no matches". */
  empty: ReactNode;
  /** The retry button's text; defaults to the generic "Try again". */
  retryText?: string;
  /** The load-more button's visible text; defaults to the generic "Load more". */
  loadMoreText?: string;
  /** Shows a search box first in the toolbar. */
  search?: PagedListSearch;
  /** Controls beside the search box (filters, create, import...). */
  toolbar?: ReactNode;
  /** Test id of each row's `<li>`, e.g. 'client-row'. */
  rowTestId?: string;
  /** Class of each row's `<li>`; a function for per-item classes (read/unread, say). */
  rowClassName?: string | ((item: T) => string);
  /** Extra `data-*` attributes of a row's `<li>`. */
  rowAttributes?: (item: T) => PagedListRowAttributes;
  /** Class of the `<ul>` (its layout: `grid gap-2`, columns...). */
  listClassName?: string;
  className?: string;
}

const ROW = 'rounded-xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900';

/**
 * Every list section's list: optional search and toolbar, then loading, the caller's error
 * with retry, empty, or the rows with "Load more" for the next page. Accessible: the list
 * is named, states are announced (status and alert live regions), and the load-more
 * button names the list it extends.
 */
export function PagedList<T>({
  query,
  items,
  getKey,
  renderItem,
  label,
  testId,
  errorText,
  empty,
  retryText,
  loadMoreText,
  search,
  toolbar,
  rowTestId,
  rowClassName = ROW,
  rowAttributes,
  listClassName = 'grid grid-cols-1 gap-2',
  className,
}: PagedListProps<T>) {
  const { t } = useTranslation();
  const retry = retryText ?? t('errors.retry');
  const loadMore = loadMoreText ?? t('common.loadMore');
  const loaded = query.data !== undefined;
  const fetchingMore = query.isFetchingNextPage === true;

  let body: ReactNode;
  if (query.isPending) body = <CenteredSpinner label={t('common.loading')} className="min-h-48" />;
  else if (query.isError && !loaded)
    body = (
      <div
        role="alert"
        data-testid={`${testId}-error`}
        className="flex flex-col items-center gap-2 p-6 text-sm"
      >
        {errorText}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {retry}
        </Button>
      </div>
    );
  else if (items.length === 0)
    body = (
      <div
        role="status"
        data-testid={`${testId}-empty`}
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-sm text-neutral-500 dark:border-neutral-700"
      >
        {empty}
      </div>
    );
  else
    body = (
      <ul
        data-testid={`${testId}-list`}
        aria-label={label}
        aria-busy={fetchingMore}
        className={listClassName}
      >
        {items.map((item) => (
          <li
            key={getKey(item)}
            data-testid={rowTestId}
            className={typeof rowClassName === 'function' ? rowClassName(item) : rowClassName}
            {...rowAttributes?.(item)}
          >
            {renderItem(item)}
          </li>
        ))}
      </ul>
    );

  // Loaded pages stay on screen when a later request fails: say so beside them.
  const laterFailure = query.isError && loaded && !query.isPending;
  const retryLater = () => void (query.isFetchNextPageError ? query.fetchNextPage?.() : query.refetch());

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      {(search || toolbar) && (
        <div className="flex flex-wrap items-end gap-2">
          {search && (
            <div className="relative min-w-48 flex-1">
              <Search aria-hidden="true" className="absolute top-3 left-3 h-4 w-4 text-neutral-400" />
              <Input
                type="search"
                data-testid={`${testId}-search`}
                aria-label={search.label}
                placeholder={search.label}
                value={search.value}
                onChange={(e) => search.onChange(e.target.value)}
                className="pl-9"
              />
            </div>
          )}
          {toolbar}
        </div>
      )}
      {body}
      {laterFailure && (
        <div
          role="alert"
          data-testid={`${testId}-error`}
          className="flex flex-wrap items-center justify-center gap-2 text-sm"
        >
          {errorText}
          <Button variant="outline" size="sm" onClick={retryLater}>
            {retry}
          </Button>
        </div>
      )}
      {loaded && query.hasNextPage && !query.isFetchNextPageError && (
        <Button
          variant="outline"
          data-testid={`${testId}-load-more`}
          // aria-disabled keeps focus on the button while the page loads (disabled would drop it).
          aria-disabled={fetchingMore}
          aria-label={fetchingMore ? undefined : `${loadMore} – ${label}`}
          onClick={() => {
            if (!fetchingMore) void query.fetchNextPage?.();
          }}
          className="self-center aria-disabled:opacity-50"
        >
          {fetchingMore ? t('common.loading') : loadMore}
        </Button>
      )}
      <p role="status" className="sr-only">
        {fetchingMore ? t('common.loading') : ''}
      </p>
    </div>
  );
}
