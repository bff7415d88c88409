import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import type { PublicItem } from '@sneakers/shared/contracts/lists';
import { formatMoney } from '@sneakers/shared/money';
import { formatSize } from '@sneakers/shared/sizes';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import { PLACEHOLDER_IMAGE } from '../../../lib/placeholder-image';
import { formatBrand, formatName, formatSku, listPrice } from '../../../lib/item-format';
import { visibleSizes, type CardSize } from '../model/filters';

export interface ItemCardProps {
  item: PublicItem;
  /** Cards of the first screen load their image at once (the page's largest paint). */
  eager?: boolean;
  cardSize: CardSize;
  compactSizes: boolean;
  selectable: boolean;
  isSelected: (itemId: string, size: string) => boolean;
  onToggle: (item: PublicItem, size: string) => void;
  /** Messages the list's owner about this item; absent, no Message button. */
  onMessage?: (item: PublicItem) => void;
  messagePending?: boolean;
}

export const ItemCard = memo(function ItemCard({
  item,
  eager = false,
  cardSize,
  compactSizes,
  selectable,
  isSelected,
  onToggle,
  onMessage,
  messagePending = false,
}: ItemCardProps) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const { shown, more } = visibleSizes(item.sizes, compactSizes && !expanded ? 3 : item.sizes.length);
  const price = listPrice(item);
  const name = formatName(item.name);
  const small = cardSize === 'small';
  return (
    <article
      data-testid="public-item-card"
      className="flex h-full flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="relative aspect-square bg-neutral-100 dark:bg-neutral-800">
        <img
          src={item.imageUrl && !imageFailed ? item.imageUrl : PLACEHOLDER_IMAGE}
          alt={name}
          loading={eager ? 'eager' : 'lazy'}
          decoding={eager ? 'sync' : 'async'}
          fetchPriority={eager ? 'high' : 'auto'}
          onError={() => setImageFailed(true)}
          className="h-full w-full object-contain"
        />
        {item.urgent && (
          <Badge tone="red" className="absolute top-2 left-2" data-testid="urgent-badge">
            {t('publicList.urgent')}
          </Badge>
        )}
      </div>
      <div className={cn('flex flex-1 flex-col gap-1', small ? 'p-2' : 'p-3')}>
        {formatBrand(item.brand) && (
          <span className="text-[10px] font-semibold tracking-wide text-neutral-500">
            {formatBrand(item.brand)}
          </span>
        )}
        {/* The list's title is the page's h1: each card's name is the next level down. */}
        <h2 className={cn('line-clamp-2 font-semibold', small ? 'text-xs' : 'text-sm')}>{name}</h2>
        <span className="text-xs text-neutral-500">{formatSku(item.sku)}</span>
        <ul className="flex flex-wrap gap-1" aria-label={t('publicList.sizesOf', { name })}>
          {shown.map((size) => {
            const selected = isSelected(item.id, size);
            return (
              <li key={size}>
                {selectable ? (
                  <button
                    type="button"
                    data-testid="size-chip"
                    // A screen reader lists every card's chips in a row: each says its shoe.
                    aria-label={t('publicList.sizeChip', { name, size: formatSize(size) })}
                    aria-pressed={selected}
                    onClick={() => onToggle(item, size)}
                    className={cn(
                      'rounded-full border px-2 py-0.5 text-xs',
                      selected
                        ? 'border-orange-600 bg-orange-600 text-white'
                        : 'border-neutral-300 hover:border-orange-500 dark:border-neutral-700',
                    )}
                  >
                    {formatSize(size)}
                  </button>
                ) : (
                  <span
                    data-testid="size-chip"
                    className="rounded-full border border-neutral-300 px-2 py-0.5 text-xs dark:border-neutral-700"
                  >
                    {formatSize(size)}
                  </span>
                )}
              </li>
            );
          })}
          {more > 0 && (
            <li>
              <button
                type="button"
                data-testid="more-sizes"
                aria-label={t('publicList.moreSizes', { count: more, name })}
                onClick={() => setExpanded(true)}
                className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs dark:bg-neutral-800"
              >
                +{more}
              </button>
            </li>
          )}
        </ul>
        {(price !== null || onMessage) && (
          <div className="mt-auto flex items-center justify-between gap-2 pt-1">
            <span className="text-sm font-bold tabular-nums">
              {price !== null && formatMoney({ amount: price, currency: item.currency }, i18n.language)}
            </span>
            {onMessage && (
              <button
                type="button"
                data-testid="item-message"
                aria-label={t('publicList.message.item', { name })}
                title={t('publicList.message.itemShort')}
                disabled={messagePending}
                onClick={() => onMessage(item)}
                className="-my-1 grid h-8 w-8 shrink-0 place-items-center rounded-full text-neutral-600 hover:bg-neutral-100 hover:text-orange-700 focus-visible:outline-2 focus-visible:outline-orange-500 disabled:opacity-50 dark:text-neutral-300 dark:hover:bg-neutral-800"
              >
                <MessageCircle aria-hidden="true" className="h-4 w-4" />
              </button>
            )}
          </div>
        )}
      </div>
    </article>
  );
});
