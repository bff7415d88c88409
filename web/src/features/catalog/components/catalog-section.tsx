import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Search, SearchX } from 'lucide-react';
import { CATALOG_PAGE_SIZE } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/form';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cn } from '../../../lib/utils';
import { useCatalogFacets, useProductSearch } from '../api/queries';
import { formatCount, productTypeLabel } from '../model/format';
import { pageCount, readCatalogSearch, writeCatalogSearch, type CatalogSearch } from '../model/search-params';
import { Pager } from './pager';
import { ProductCard } from './product-card';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-6';

/**
 * The product catalogue (sections catalog, catalog-v2 and products): search as you type
 * (300 ms), brand and type filters, pages of 24 with the exact count, the recent products
 * without a query. What is shown lives in the address, so it can be shared and the back
 * button walks through it.
 */
export function CatalogSection() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const search = readCatalogSearch(params);
  const [text, setText] = useState(search.q);
  const typed = useDebouncedValue(text);

  // The last query this screen wrote to the address: a different one came from outside
  // (back button, a shared link) and replaces what the box shows.
  const written = useRef(search.q);
  const settled = useRef(typed);
  useEffect(() => {
    if (search.q === written.current) return;
    written.current = search.q;
    setText(search.q);
  }, [search.q]);
  useEffect(() => {
    if (typed === settled.current) return;
    settled.current = typed;
    const q = typed.trim();
    if (q === search.q) return;
    written.current = q;
    // Typing refines one history entry; filters and pages add entries.
    setParams((current) => writeCatalogSearch(current, { ...readCatalogSearch(current), q, page: 1 }), {
      replace: true,
    });
  }, [typed, search.q, setParams]);

  const go = (next: Partial<CatalogSearch>) =>
    setParams((current) => writeCatalogSearch(current, { ...readCatalogSearch(current), page: 1, ...next }));
  const clear = () => {
    written.current = '';
    setText('');
    go({ q: '', brand: '', productType: '' });
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('catalog.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('catalog.intro')}</p>
      </div>
      <div role="search" className="flex flex-col gap-2 md:flex-row md:items-end">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t('catalog.search.label')}
          </label>
          <Search aria-hidden="true" className="absolute top-3 left-3 h-4 w-4 text-neutral-400" />
          <Input
            id={`${id}-q`}
            type="search"
            data-testid="catalog-search"
            placeholder={t('catalog.search.placeholder')}
            value={text}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
            className="pl-9"
          />
        </div>
        <Filters search={search} onChange={go} />
      </div>
      <Results search={search} onPage={(page) => go({ page })} onClear={clear} />
    </div>
  );
}

function Filters({
  search,
  onChange,
}: {
  search: CatalogSearch;
  onChange: (next: Partial<CatalogSearch>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const facets = useCatalogFacets();
  // A brand or type from a shared link stays selectable before (or without) the facets.
  const withCurrent = (values: readonly string[] | undefined, current: string) =>
    current && !values?.includes(current) ? [current, ...(values ?? [])] : (values ?? []);
  const brands = withCurrent(facets.data?.brands, search.brand);
  const types = withCurrent(facets.data?.productTypes, search.productType);
  return (
    <div className="grid grid-cols-2 gap-2 md:flex">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-brand`} className="text-xs font-medium text-neutral-600 dark:text-neutral-400">
          {t('catalog.filters.brand')}
        </label>
        <Select
          id={`${id}-brand`}
          data-testid="catalog-brand"
          value={search.brand}
          onChange={(e) => onChange({ brand: e.target.value })}
          className="md:w-44"
        >
          <option value="">{t('catalog.filters.allBrands')}</option>
          {brands.map((brand) => (
            <option key={brand} value={brand}>
              {brand}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-type`} className="text-xs font-medium text-neutral-600 dark:text-neutral-400">
          {t('catalog.filters.type')}
        </label>
        <Select
          id={`${id}-type`}
          data-testid="catalog-type"
          value={search.productType}
          onChange={(e) => onChange({ productType: e.target.value })}
          className="md:w-44"
        >
          <option value="">{t('catalog.filters.allTypes')}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {productTypeLabel(type, t)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

function Results({
  search,
  onPage,
  onClear,
}: {
  search: CatalogSearch;
  onPage: (page: number) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useProductSearch(search);
  const filtered = Boolean(search.q.trim() || search.brand || search.productType);
  const title = search.q.trim() ? t('catalog.results.title') : t('catalog.results.recent');

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <>
        <p role="status" className="sr-only">
          {t('common.loading')}
        </p>
        <ul aria-hidden="true" data-testid="catalog-skeleton" className={GRID}>
          {Array.from({ length: 12 }, (_, i) => (
            <li
              key={i}
              className="flex flex-col overflow-hidden rounded-xl border border-neutral-200 dark:border-neutral-800"
            >
              <div className="aspect-[4/3] animate-pulse bg-neutral-200 motion-reduce:animate-none dark:bg-neutral-800" />
              <div className="flex flex-col gap-2 p-3">
                <div className="h-3 w-1/3 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none dark:bg-neutral-800" />
                <div className="h-4 w-4/5 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none dark:bg-neutral-800" />
                <div className="h-3 w-1/2 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none dark:bg-neutral-800" />
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  } else if (query.isError) {
    body = (
      <div
        role="alert"
        data-testid="catalog-error"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-red-300 p-8 text-center text-sm dark:border-red-900"
      >
        {t('catalog.results.error')}
        <Button variant="outline" size="sm" data-testid="catalog-retry" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  } else if (query.data.products.length === 0) {
    body = (
      <div
        role="status"
        data-testid="catalog-empty"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400"
      >
        <SearchX aria-hidden="true" className="h-8 w-8 text-neutral-400" />
        <p>{filtered ? t('catalog.results.noMatches') : t('catalog.results.emptyCatalog')}</p>
        {filtered && (
          <Button variant="outline" size="sm" data-testid="catalog-clear" onClick={onClear}>
            {t('catalog.results.clear')}
          </Button>
        )}
      </div>
    );
  } else {
    const { products, total, pageSize } = query.data;
    const pages = pageCount(total, pageSize || CATALOG_PAGE_SIZE);
    body = (
      <>
        <ul
          aria-labelledby={headingId}
          aria-busy={query.isPlaceholderData}
          data-testid="catalog-results"
          className={cn(GRID, query.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
        <Pager
          page={search.page}
          pages={pages}
          busy={query.isPlaceholderData}
          onPage={(page) => {
            onPage(page);
            heading.current?.focus();
          }}
        />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {title}
        </h2>
        {query.data && (
          <p
            data-testid="catalog-count"
            aria-live="polite"
            className="text-sm text-neutral-600 dark:text-neutral-400"
          >
            {t('catalog.results.count', {
              count: query.data.total,
              formatted: formatCount(query.data.total, i18n.language),
            })}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}
