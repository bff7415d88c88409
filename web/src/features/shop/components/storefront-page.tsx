import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorefrontHeader, StorefrontSizeSystem } from '@sneakers/shared/contracts/storefront';
import { SHOP_SORTS } from '../model/constants';
import { storefrontPath } from '@sneakers/shared/rules/storefront';
import { buttonClass } from '../../../components/ui/button-styles';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { isUnfiltered, type StorefrontFilters } from '../model/filters';
import { firstStorefront, type StorefrontResult } from '../model/live-results';
import { contactHref } from '../model/contact';
import type { StorefrontAnswer } from '../model/initial-data';
import { sizeFilterValue, sizeLabel } from '../model/sizes';
import { ProductCard } from './product-card';
import { LiveBridge, useShopLayer } from './shop-layer';
import {
  inputClass,
  selectClass,
  ShopError,
  ShopFrame,
  ShopLoading,
  ShopMessage,
  StoreNotFound,
} from './shop-frame';

// The filters panel is opened by few visitors: its code loads on the first click.
const FiltersPanel = lazy(() => import('./filters-panel').then((m) => ({ default: m.FiltersPanel })));

export function StoreHeader({ store }: { store: StorefrontHeader }) {
  const { t } = useTranslation();
  const contact = contactHref(store.contact);
  return (
    <section className="py-4">
      {store.bannerUrl ? (
        <img
          src={store.bannerUrl}
          alt=""
          width={1200}
          height={300}
          className="mb-4 aspect-[4/1] w-full rounded-lg object-cover"
        />
      ) : null}
      <div className="flex items-center gap-3">
        {store.logoUrl ? (
          <img
            src={store.logoUrl}
            alt=""
            width={56}
            height={56}
            className="h-14 w-14 rounded-full object-cover"
          />
        ) : null}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{store.name}</h1>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {t('shop.header.products', { count: store.productCount })}
          </p>
        </div>
      </div>
      {store.description ? <p className="mt-3 max-w-3xl text-sm">{store.description}</p> : null}
      {store.contact || store.returnsText ? (
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {store.contact ? (
            <div>
              <dt className="font-medium">{t('shop.header.contact')}</dt>
              <dd className="whitespace-pre-line">
                {contact ? (
                  <a className="text-orange-700 underline dark:text-orange-400" href={contact}>
                    {store.contact}
                  </a>
                ) : (
                  store.contact
                )}
              </dd>
            </div>
          ) : null}
          {store.returnsText ? (
            <div>
              <dt className="font-medium">{t('shop.header.returns')}</dt>
              <dd className="line-clamp-3 whitespace-pre-line">{store.returnsText}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}

/** Loads the next page when the end of the grid scrolls into view (the button does it too). */
function useLoadOnView(onView: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onView);
  latest.current = onView;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

export interface StorefrontPageProps {
  storeId: string;
  system: StorefrontSizeSystem;
  onSystem: (system: StorefrontSizeSystem) => void;
  initial?: StorefrontAnswer | undefined;
}

export function StorefrontPage({ storeId, system, onSystem, initial }: StorefrontPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [chosen, setChosen] = useState<Omit<StorefrontFilters, 'q' | 'system'>>({
    brand: '',
    size: '',
    min: null,
    max: null,
    sort: 'newest',
  });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filters: StorefrontFilters = { ...chosen, q, system };
  const { request } = useShopLayer();
  const [live, setLive] = useState<StorefrontResult | null>(null);
  const unfiltered = isUnfiltered(filters);
  useEffect(() => {
    if (!unfiltered) request();
  }, [unfiltered, request]);
  // "More results" asked for before the data layer arrived is carried out once it has.
  const [moreWanted, setMoreWanted] = useState(false);
  const query = live ?? {
    ...firstStorefront(initial, !unfiltered, () => {
      setMoreWanted(true);
      request();
    }),
    isFetchingNextPage: moreWanted,
  };
  useEffect(() => {
    if (!moreWanted || !live || live.isPending) return;
    setMoreWanted(false);
    if (live.hasNextPage) live.fetchNextPage();
  }, [moreWanted, live]);
  const pages = query.pages;
  const store = pages?.[0]?.store;
  useEffect(() => {
    if (store) document.title = store.name;
  }, [store]);
  const products = useMemo(() => pages?.flatMap((page) => page.products) ?? [], [pages]);
  // The size filter offers the sizes in stock among the products seen so far, in the buyer's system.
  const sizeOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const product of products)
      for (const size of product.sizes)
        if (size.inStock) seen.set(sizeFilterValue(size, system), sizeLabel(size, system));
    if (chosen.size && !seen.has(chosen.size)) seen.set(chosen.size, chosen.size);
    return [...seen].sort(([a], [b]) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b));
  }, [products, system, chosen.size]);
  const sentinel = useLoadOnView(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) query.fetchNextPage();
  }, Boolean(query.hasNextPage));
  const activeFilters = [chosen.brand, chosen.size, chosen.min, chosen.max].filter(
    (v) => v !== '' && v !== null,
  ).length;

  const bridge = (
    <LiveBridge>
      {(live) => (
        <live.StorefrontData storeId={storeId} filters={filters} initial={initial} onResult={setLive} />
      )}
    </LiveBridge>
  );

  if (query.isPending)
    return (
      <ShopFrame>
        {bridge}
        <ShopLoading />
      </ShopFrame>
    );
  if (query.isError && !store) {
    return (
      <ShopFrame>
        {bridge}
        {query.notFound ? <StoreNotFound /> : <ShopError onRetry={query.refetch} />}
      </ShopFrame>
    );
  }
  if (!store)
    return (
      <ShopFrame>
        {bridge}
        <StoreNotFound />
      </ShopFrame>
    );

  return (
    <ShopFrame title={store.name} home={storefrontPath(storeId)} sizeSystem={system} onSizeSystem={onSystem}>
      {bridge}
      <StoreHeader store={store} />
      <div className="sticky top-14 z-10 -mx-3 flex flex-wrap items-center gap-2 bg-white px-3 py-2 sm:-mx-6 sm:px-6 dark:bg-neutral-950">
        <label className="min-w-48 flex-1">
          <span className="sr-only">{t('shop.search.label')}</span>
          <input
            type="search"
            className={inputClass}
            value={search}
            placeholder={t('shop.search.placeholder')}
            onFocus={request}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="store-search"
          />
        </label>
        <button
          type="button"
          className={buttonClass('outline')}
          aria-expanded={filtersOpen}
          aria-controls="store-filters"
          onClick={() => {
            request();
            setFiltersOpen((open) => !open);
          }}
        >
          {t('shop.filters.open')}
          {activeFilters > 0 ? ` (${activeFilters})` : ''}
        </button>
        <label className="inline-flex items-center gap-1">
          <span className="sr-only">{t('shop.sort.label')}</span>
          <select
            className={selectClass}
            value={chosen.sort}
            data-testid="store-sort"
            onFocus={request}
            onChange={(event) => {
              const sort = SHOP_SORTS.find((s) => s === event.target.value);
              if (sort) setChosen((c) => ({ ...c, sort }));
            }}
          >
            {SHOP_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`shop.sort.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {filtersOpen ? (
        <Suspense fallback={null}>
          <FiltersPanel
            brands={store.brands}
            sizes={sizeOptions}
            currency={store.currency}
            value={chosen}
            onChange={(next) => setChosen((c) => ({ ...c, ...next }))}
            onClose={() => setFiltersOpen(false)}
          />
        </Suspense>
      ) : null}
      {products.length === 0 ? (
        <ShopMessage text={t('shop.grid.empty')} />
      ) : (
        <ul
          data-testid="store-grid"
          aria-busy={query.isFetching}
          className="mt-2 grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
        >
          {products.map((card, index) => (
            <ProductCard key={card.productId} storeId={storeId} card={card} index={index} system={system} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div ref={sentinel} className="mt-6 flex justify-center">
          <button
            type="button"
            className={buttonClass('outline')}
            disabled={query.isFetchingNextPage}
            onClick={query.fetchNextPage}
          >
            {query.isFetchingNextPage ? t('shop.grid.loadingMore') : t('shop.grid.loadMore')}
          </button>
        </div>
      ) : null}
    </ShopFrame>
  );
}
