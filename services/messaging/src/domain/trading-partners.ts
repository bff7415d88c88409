import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { TradingPartner } from '@sneakers/shared/contracts/messaging';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { toPartner } from './conversations';
import type { AcceptedOffer, MessagingDeps } from './ports';

/**
 * Trading partners: the users someone completed a trade with. An accepted offer (Offer.Updated
 * with status accepted) records both directions once; the first accepted offer is kept.
 */
export async function recordAcceptedOffer(
  deps: Pick<MessagingDeps, 'repo'>,
  offerId: string,
  tradedAt: string,
): Promise<AcceptedOffer | null> {
  const offer = await deps.repo.getAcceptedOffer(offerId);
  // A redelivery of an old event for an offer no longer accepted records nothing new.
  if (!offer || offer.status !== 'accepted') return null;
  const common = { offerId: offer.id, itemName: offer.itemName, tradedAt };
  await Promise.all([
    deps.repo.addTradingPartner({
      userId: offer.storeUserId,
      partnerUserId: offer.resellerUserId,
      ...common,
    }),
    deps.repo.addTradingPartner({
      userId: offer.resellerUserId,
      partnerUserId: offer.storeUserId,
      ...common,
    }),
  ]);
  return offer;
}

/** The caller's trading partners, each with their profile, rating and the caller's own stars (one Query, one BatchGet). */
export async function listTradingPartners(
  deps: Pick<MessagingDeps, 'repo'>,
  actor: Actor,
  page: PageRequest,
): Promise<Page<TradingPartner>> {
  const user = requireUser(actor);
  const partners = await deps.repo.listTradingPartners(user.userId, page);
  const ids = partners.items.map((p) => p.partnerUserId);
  const details = await deps.repo.getPartnerDetails(ids, user.userId);
  return {
    items: partners.items.map((p) => {
      const profile = details.profiles.get(p.partnerUserId);
      return {
        partner: toPartner(
          p.partnerUserId,
          profile?.role === 'store' ? 'reseller' : 'store',
          profile,
          details.summaries.get(p.partnerUserId),
        ),
        offerId: p.offerId,
        itemName: p.itemName,
        tradedAt: p.tradedAt,
        myRating: details.myRatings.get(p.partnerUserId) ?? null,
      };
    }),
    cursor: partners.cursor,
  };
}
