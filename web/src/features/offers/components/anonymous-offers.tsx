import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatSize } from '@sneakers/shared';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { pageItems } from '../../../lib/page-items';
import { useAnonymousOffers } from '../api/queries';
import { STATUS_TONE } from './offer-status';

/** Offers visitors sent from a public list without an account: their contact details and lines. */
export function AnonymousOffers() {
  const { t, i18n } = useTranslation();
  const query = useAnonymousOffers();
  const offers = useMemo(() => pageItems(query.data, (p) => p.offers), [query.data]);
  return (
    <PagedList
      query={query}
      items={offers}
      getKey={(offer) => offer.id}
      label={t('offers.tabs.anonymous')}
      testId="offers"
      errorText={t('offers.loadError')}
      empty={t('offers.empty')}
      rowTestId="anonymous-offer-row"
      rowClassName="flex flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-4 text-sm dark:border-neutral-800 dark:bg-neutral-900"
      listClassName="flex flex-col gap-3"
      renderItem={(offer) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{offer.contactName}</span>
            <a className="underline" href={`mailto:${offer.contactEmail}`}>
              {offer.contactEmail}
            </a>
            <a className="underline" href={`tel:${offer.contactPhone}`}>
              {offer.contactPhone}
            </a>
            {offer.instagram && <span>IG {offer.instagram}</span>}
            {offer.discord && <span>Discord {offer.discord}</span>}
            <Badge tone={STATUS_TONE[offer.status]}>{t(`offers.status.${offer.status}`)}</Badge>
            <Badge>{offer.listType.toUpperCase()}</Badge>
            <span className="ml-auto text-xs text-neutral-500">
              {new Date(offer.createdAt).toLocaleString(i18n.language)}
            </span>
          </div>
          {offer.message && <p className="text-neutral-600 dark:text-neutral-400">{offer.message}</p>}
          <ul className="flex flex-col gap-1">
            {offer.lines.map((line, i) => (
              <li key={i} data-testid="anonymous-offer-line" className="flex flex-wrap gap-2">
                <span className="font-medium">{line.itemName}</span>
                <span>{line.itemSku.toUpperCase()}</span>
                <span>{formatSize(line.size)}</span>
                <span>×{line.quantity}</span>
                <span className="tabular-nums">
                  {formatMoney({ amount: line.offeredPrice, currency: 'EUR' }, i18n.language)}
                </span>
                {line.notes && <span className="text-neutral-500">{line.notes}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    />
  );
}
