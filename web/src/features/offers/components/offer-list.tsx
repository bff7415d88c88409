import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '@sneakers/shared';
import { PagedList } from '../../../components/paged-list';
import { pageItems } from '../../../lib/page-items';
import { useOffers, type OfferBox } from '../api/queries';
import { OfferGroupCard } from './offer-cards';

/**
 * The lines one call created share a group id and sit next to each other (ids sort by
 * time): one card per run of the same group.
 */
export function groupOffers(offers: readonly Offer[]): Offer[][] {
  const groups: Offer[][] = [];
  for (const offer of offers) {
    const last = groups.at(-1);
    if (last?.[0]?.groupId === offer.groupId) last.push(offer);
    else groups.push([offer]);
  }
  // Oldest line first inside a card, as the sender listed them.
  return groups.map((g) => [...g].sort((a, b) => a.id.localeCompare(b.id)));
}

/** Offers received or sent, one card per offer (its lines), each line with its party's actions. */
export function OfferList({ box, onOpen }: { box: OfferBox; onOpen: (offerId: string) => void }) {
  const { t } = useTranslation();
  const query = useOffers(box);
  const groups = useMemo(() => groupOffers(pageItems(query.data, (p) => p.offers)), [query.data]);
  return (
    <PagedList
      query={query}
      items={groups}
      getKey={(group) => `${group[0]?.groupId}-${group[0]?.id}`}
      label={t(`offers.tabs.${box}`)}
      testId="offers"
      errorText={t('offers.loadError')}
      empty={t('offers.empty')}
      rowTestId="offer-group"
      rowClassName="min-w-0"
      listClassName="flex flex-col gap-3"
      renderItem={(group) => (
        <OfferGroupCard group={group} box={box} onOpen={() => group[0] && onOpen(group[0].groupId)} />
      )}
    />
  );
}
