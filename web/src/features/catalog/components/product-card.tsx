import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '@sneakers/shared';
import { formatBrand, formatName, formatSku } from '../../../lib/item-format';
import { formatDay, formatRetail } from '../model/format';
import { ProductImage } from './product-image';

export function productPath(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}

/** A catalogue product in the grid: the whole card is one link to its page. */
export function ProductCard({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const name = formatName(product.name);
  const brand = formatBrand(product.brand);
  return (
    <Link
      to={productPath(product.id)}
      data-testid="catalog-card"
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <ProductImage src={product.imageUrl} alt={name} className="aspect-[4/3] w-full" />
      <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
        {brand && (
          <span className="text-xs font-semibold tracking-wide text-neutral-500 dark:text-neutral-400">
            {brand}
          </span>
        )}
        <span className="line-clamp-2 font-medium group-hover:underline">{name}</span>
        <span className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
          {formatSku(product.sku)}
        </span>
        <dl className="mt-auto grid grid-cols-2 gap-x-2 pt-2 text-xs">
          <div>
            <dt className="text-neutral-500 dark:text-neutral-400">{t('catalog.card.release')}</dt>
            <dd>{formatDay(product.releaseDate, i18n.language)}</dd>
          </div>
          <div className="text-right">
            <dt className="text-neutral-500 dark:text-neutral-400">{t('catalog.card.retail')}</dt>
            <dd className="font-medium">
              {formatRetail(product.retailPrice, product.currency, i18n.language)}
            </dd>
          </div>
        </dl>
      </div>
    </Link>
  );
}
