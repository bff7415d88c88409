import { useTranslation } from 'react-i18next';
import type { StorefrontCard, StorefrontSizeSystem } from '@sneakers/shared/contracts/storefront';
import { storefrontProductPath } from '@sneakers/shared/rules/storefront';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '../../../lib/placeholder-image';
import { shopPrice } from '../model/money';
import { cardSizes } from '../model/sizes';
import { ShopLink } from './shop-nav';

/** Cards a phone shows above the fold (2 columns, 2 rows): their images load at once. */
export const EAGER_CARDS = 4;
/** Spec: a phone's card shows at most 3 size badges, then '+N'. */
export const PHONE_SIZE_BADGES = 3;
const WIDE_SIZE_BADGES = 8;

export function ProductCard({
  storeId,
  card,
  index,
  system,
}: {
  storeId: string;
  card: StorefrontCard;
  index: number;
  system: StorefrontSizeSystem;
}) {
  const { t, i18n } = useTranslation();
  const { shown, more } = cardSizes(card.sizes, system, WIDE_SIZE_BADGES);
  const phoneMore = more + Math.max(0, shown.length - PHONE_SIZE_BADGES);
  return (
    <li data-testid="store-card">
      <ShopLink
        href={storefrontProductPath(storeId, card.productId)}
        className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500"
      >
        <img
          src={card.imageUrl ?? PLACEHOLDER_IMAGE}
          onError={showPlaceholder}
          alt=""
          width={400}
          height={400}
          loading={index < EAGER_CARDS ? 'eager' : 'lazy'}
          decoding="async"
          {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
          className="aspect-square w-full rounded-lg bg-neutral-100 object-contain dark:bg-neutral-900"
        />
        <h2 className="mt-2 line-clamp-2 text-sm font-medium group-hover:underline">{card.name}</h2>
        <p className="text-xs text-neutral-600 uppercase dark:text-neutral-400">{card.sku}</p>
        <p className="mt-1 text-sm font-semibold">
          {t('shop.grid.from', { price: shopPrice(card.price, card.currency, i18n.resolvedLanguage) })}
        </p>
        {shown.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('shop.grid.sizesInStock')}>
            {shown.map((label, i) => (
              <li
                key={label}
                className={`${i >= PHONE_SIZE_BADGES ? 'hidden sm:inline-flex' : 'inline-flex'} rounded border border-neutral-300 px-1.5 text-xs dark:border-neutral-700`}
              >
                {label}
              </li>
            ))}
            {phoneMore > 0 ? (
              <li className="inline-flex rounded px-1 text-xs text-neutral-600 sm:hidden dark:text-neutral-400">
                {t('shop.grid.moreSizes', { count: phoneMore })}
              </li>
            ) : null}
            {more > 0 ? (
              <li className="hidden rounded px-1 text-xs text-neutral-600 sm:inline-flex dark:text-neutral-400">
                {t('shop.grid.moreSizes', { count: more })}
              </li>
            ) : null}
          </ul>
        ) : null}
      </ShopLink>
    </li>
  );
}
