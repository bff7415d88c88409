import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { pageItems } from '../../../lib/page-items';
import { useAnonymousOffers } from '../api/queries';
import { AnonymousOfferCard } from './offer-cards';

/** Offers visitors sent from a public list without an account: their contact details, lines and the store's answer. */
export function AnonymousOffers({ onOpen }: { onOpen: (offerId: string) => void }) {
  const { t } = useTranslation();
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
      rowTestId="anonymous-offer-item"
      rowClassName="min-w-0"
      listClassName="flex flex-col gap-3"
      renderItem={(offer) => <AnonymousOfferCard offer={offer} onOpen={() => onOpen(offer.id)} />}
    />
  );
}
