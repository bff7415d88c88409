import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeOff, MessageCircle, Star, UserX } from 'lucide-react';
import type { Deal } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatBrand, formatName, formatSku } from '../../../lib/item-format';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '../../../lib/placeholder-image';
import { cn } from '../../../lib/utils';
import { isOfferable, marginTone, priceText, relativeTime, signedMoney } from '../model/deal-view';

export interface DealActions {
  onMakeOffer: (deal: Deal) => void;
  onMessage: (deal: Deal) => void;
  onHide: (deal: Deal, kind: 'deal' | 'partner') => void;
  /** The deal whose conversation is being opened (its Message button waits). */
  messaging: string | null;
}

const MARGIN_CLASSES = {
  positive: 'text-green-700 dark:text-green-400',
  negative: 'text-red-700 dark:text-red-400',
  zero: 'text-neutral-700 dark:text-neutral-300',
} as const;

/** One deal: the pair, the sizes on both sides, the prices and figures, the partner, the actions (docs/product/deals.md#the-deals-section). */
export function DealCard({ deal, now, actions }: { deal: Deal; now: Date; actions: DealActions }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const locale = i18n.language;
  const name = formatName(deal.product.name);
  const { figures, partner } = deal;
  const tone = figures ? marginTone(figures.netMargin) : 'zero';
  return (
    <article aria-labelledby={titleId} data-deal-id={deal.id} className="flex min-w-0 flex-col gap-3">
      <div className="flex min-w-0 gap-3">
        <img
          src={deal.product.imageUrl ?? PLACEHOLDER_IMAGE}
          onError={showPlaceholder}
          alt=""
          loading="lazy"
          width={96}
          height={72}
          className="h-18 w-24 shrink-0 rounded-md bg-neutral-100 object-contain dark:bg-neutral-800"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-1.5">
            {figures?.readyToTrade ? (
              <Badge tone="blue" data-testid="deal-ready" title={t('deals.card.readyHint')}>
                {t('deals.card.readyToTrade')}
              </Badge>
            ) : null}
            {deal.isNew ? (
              <Badge tone="orange" data-testid="deal-new">
                {t('deals.card.new')}
              </Badge>
            ) : null}
          </div>
          <h3 id={titleId} className="font-semibold break-words" data-testid="deal-product">
            {name}
          </h3>
          <p className="text-xs break-all text-neutral-500 dark:text-neutral-400">
            {formatBrand(deal.product.brand)} · {t('deals.card.styleCode')}{' '}
            <span data-testid="deal-sku">{formatSku(deal.product.sku)}</span>
          </p>
        </div>
      </div>

      <div className="flex flex-col gap-1 text-sm">
        <span className="text-xs font-medium text-neutral-500 dark:text-neutral-400" id={`${titleId}-sizes`}>
          {t('deals.card.sizesLabel')}
        </span>
        <ul aria-labelledby={`${titleId}-sizes`} className="flex flex-wrap gap-1.5" data-testid="deal-sizes">
          {deal.sizes.map((size) => (
            <li
              key={`${size.mine}|${size.theirs}`}
              className="rounded-md bg-neutral-100 px-2 py-0.5 text-xs dark:bg-neutral-800"
            >
              {t('deals.card.sizeMine')} <strong>{size.mine}</strong> · {t('deals.card.sizeTheirs')}{' '}
              <strong>{size.theirs}</strong>
            </li>
          ))}
        </ul>
        {deal.partnerFills && deal.partnerFills.of > 1 ? (
          <p
            data-testid="deal-partner-fills"
            className="text-xs font-medium text-blue-700 dark:text-blue-300"
          >
            {t('deals.card.partnerFills', deal.partnerFills)}
          </p>
        ) : null}
      </div>

      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-4">
        <div className="flex flex-col">
          <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t('deals.card.myPrice')}</dt>
          <dd data-testid="deal-my-price">{priceText(deal.mine.price, deal.mine.currency, locale)}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t('deals.card.theirPrice')}</dt>
          <dd data-testid="deal-their-price">{priceText(deal.theirs.price, deal.theirs.currency, locale)}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t('deals.card.gap')}</dt>
          <dd data-testid="deal-gap">
            {figures ? signedMoney(figures.gap, deal.mine.currency, locale) : '—'}
          </dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t('deals.card.netMargin')}</dt>
          <dd
            data-testid="deal-margin"
            data-tone={figures ? tone : 'missing'}
            className={cn('font-semibold', figures && MARGIN_CLASSES[tone])}
          >
            {figures ? signedMoney(figures.netMargin, deal.mine.currency, locale) : '—'}
          </dd>
        </div>
      </dl>
      {figures ? null : (
        <p data-testid="deal-missing-price" className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('deals.card.missingPrice')}
        </p>
      )}

      <div className="flex flex-col gap-0.5 border-t border-neutral-200 pt-2 text-sm dark:border-neutral-800">
        <p className="flex flex-wrap items-center gap-x-2">
          <span className="font-medium break-words" data-testid="deal-partner">
            {partner.businessName}
          </span>
          <span className="text-xs text-neutral-500 dark:text-neutral-400">
            {t(`deals.card.partnerRoles.${partner.role}`)} · {t(`deals.card.lists.${deal.theirs.listType}`)}
          </span>
        </p>
        <Rating average={partner.ratingAverage} count={partner.ratingCount} />
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          {partner.location ? <span className="break-words">{partner.location} · </span> : null}
          <time dateTime={deal.theirs.updatedAt} data-testid="deal-updated">
            {t('deals.card.updated', { when: relativeTime(deal.theirs.updatedAt, now, locale) })}
          </time>
        </p>
      </div>

      <div
        role="group"
        aria-label={t('deals.card.actions', { product: name })}
        className="flex flex-wrap gap-2"
      >
        {isOfferable(deal.theirs.listType) ? (
          <Button size="sm" data-testid="deal-make-offer" onClick={() => actions.onMakeOffer(deal)}>
            {t('deals.actions.makeOffer')}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          data-testid="deal-message"
          disabled={actions.messaging === deal.id}
          onClick={() => actions.onMessage(deal)}
        >
          <MessageCircle aria-hidden="true" className="h-4 w-4" />
          {t('deals.actions.message')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          data-testid="deal-hide"
          onClick={() => actions.onHide(deal, 'deal')}
        >
          <EyeOff aria-hidden="true" className="h-4 w-4" />
          {t('deals.actions.hideDeal')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          data-testid="deal-hide-partner"
          onClick={() => actions.onHide(deal, 'partner')}
        >
          <UserX aria-hidden="true" className="h-4 w-4" />
          {t('deals.actions.hidePartner')}
        </Button>
      </div>
      {isOfferable(deal.theirs.listType) ? null : (
        <p className="text-xs text-neutral-500 dark:text-neutral-400" data-testid="deal-not-offerable">
          {t('deals.offer.notOfferable', { list: t(`deals.card.lists.${deal.theirs.listType}`) })}
        </p>
      )}
    </article>
  );
}

function Rating({ average, count }: { average: number | null; count: number }) {
  const { t, i18n } = useTranslation();
  if (average === null || count === 0)
    return (
      <p className="text-xs text-neutral-500 dark:text-neutral-400" data-testid="deal-rating">
        {t('deals.card.noRating')}
      </p>
    );
  const rounded = Math.round(average);
  const shown = average.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  return (
    <p className="flex items-center gap-1 text-xs" data-testid="deal-rating">
      <span aria-hidden="true" className="flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            className={cn(
              'h-3.5 w-3.5',
              n <= rounded ? 'fill-amber-400 text-amber-400' : 'text-neutral-300 dark:text-neutral-600',
            )}
          />
        ))}
      </span>
      <span>{t('deals.card.rating', { average: shown, count })}</span>
    </p>
  );
}
