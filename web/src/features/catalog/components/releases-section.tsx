import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarX, Plus } from 'lucide-react';
import type { Product } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { pageItems } from '../../../lib/page-items';
import { formatBrand, formatName, formatSku } from '../../../lib/item-format';
import { useCatalogFacets, useReleases } from '../api/queries';
import { formatDay, formatRetail } from '../model/format';
import { groupReleases, localDay, type ReleaseHeading } from '../model/releases';
import { AddToWtbDialog } from './add-to-wtb-dialog';
import { productPath } from './product-card';
import { ProductImage } from './product-image';

/** Upcoming releases, soonest first, grouped by day; each can go on the WTB list. */
export function ReleasesSection() {
  const { t } = useTranslation();
  const id = useId();
  const [brand, setBrand] = useState('');
  const [adding, setAdding] = useState<Product | null>(null);
  const facets = useCatalogFacets();
  const query = useReleases(brand);
  const products = useMemo(() => pageItems(query.data, (page) => page.products), [query.data]);
  // Read per render: a screen left open past midnight relabels its groups.
  const groups = groupReleases(products, localDay(new Date()));

  let body;
  if (query.isPending) body = <CenteredSpinner label={t('common.loading')} className="min-h-48" />;
  else if (query.isError && products.length === 0)
    body = (
      <div role="alert" data-testid="releases-error" className="flex flex-col items-center gap-3 p-8 text-sm">
        {t('catalog.releases.error')}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  else if (groups.length === 0)
    body = (
      <div
        role="status"
        data-testid="releases-empty"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400"
      >
        <CalendarX aria-hidden="true" className="h-8 w-8 text-neutral-400" />
        {brand ? t('catalog.releases.emptyBrand', { brand }) : t('catalog.releases.empty')}
      </div>
    );
  else
    body = (
      <div aria-busy={query.isFetchingNextPage || query.isPlaceholderData} className="flex flex-col gap-6">
        {groups.map((group) => (
          <section
            key={group.date || 'unknown'}
            aria-labelledby={`${id}-${group.date || 'unknown'}`}
            data-testid="release-group"
          >
            <h2
              id={`${id}-${group.date || 'unknown'}`}
              data-testid="release-heading"
              className="mb-3 text-lg font-semibold"
            >
              <Heading heading={group.heading} />
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {group.products.map((product) => (
                <li key={product.id}>
                  <ReleaseCard product={product} onAdd={() => setAdding(product)} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        {query.isError && (
          <div role="alert" className="flex items-center justify-center gap-2 text-sm">
            {t('catalog.releases.error')}
            <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
              {t('errors.retry')}
            </Button>
          </div>
        )}
        {query.hasNextPage && !query.isError && (
          <Button
            variant="outline"
            data-testid="releases-load-more"
            aria-disabled={query.isFetchingNextPage}
            onClick={() => {
              if (!query.isFetchingNextPage) void query.fetchNextPage();
            }}
            className="self-center aria-disabled:opacity-50"
          >
            {query.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
          </Button>
        )}
      </div>
    );

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('catalog.releases.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('catalog.releases.intro')}</p>
      </div>
      <div className="flex flex-col gap-1 sm:w-56">
        <label htmlFor={`${id}-brand`} className="text-sm font-medium">
          {t('catalog.filters.brand')}
        </label>
        <Select
          id={`${id}-brand`}
          data-testid="releases-brand"
          value={brand}
          onChange={(e) => setBrand(e.target.value)}
        >
          <option value="">{t('catalog.filters.allBrands')}</option>
          {(facets.data?.brands ?? []).map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </Select>
      </div>
      {body}
      <AddToWtbDialog product={adding} onClose={() => setAdding(null)} />
    </div>
  );
}

function Heading({ heading }: { heading: ReleaseHeading }) {
  const { t, i18n } = useTranslation();
  switch (heading.kind) {
    case 'today':
      return <>{t('catalog.releases.today')}</>;
    case 'tomorrow':
      return <>{t('catalog.releases.tomorrow')}</>;
    case 'unknown':
      return <>{t('catalog.releases.undated')}</>;
    case 'date':
      return <>{formatDay(heading.date, i18n.language, 'long')}</>;
  }
}

function ReleaseCard({ product, onAdd }: { product: Product; onAdd: () => void }) {
  const { t, i18n } = useTranslation();
  const name = formatName(product.name);
  return (
    <article
      data-testid="release-card"
      className="flex h-full gap-3 rounded-xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <ProductImage src={product.imageUrl} alt={name} className="h-20 w-24 shrink-0 rounded-lg" />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        {formatBrand(product.brand) && (
          <span className="text-xs font-semibold text-neutral-500 dark:text-neutral-400">
            {formatBrand(product.brand)}
          </span>
        )}
        <Link to={productPath(product.id)} className="line-clamp-2 font-medium hover:underline">
          {name}
        </Link>
        <span className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
          {formatSku(product.sku)}
        </span>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <span className="font-medium">
            {formatRetail(product.retailPrice, product.currency, i18n.language)}
          </span>
          <Button
            size="sm"
            variant="outline"
            data-testid="release-add-wtb"
            aria-label={t('catalog.wtb.openFor', { name })}
            onClick={onAdd}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('catalog.wtb.open')}
          </Button>
        </div>
      </div>
    </article>
  );
}
