import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type {
  createRatingSchema,
  Rating,
  RatingSummary,
  TradingPartner,
} from '@sneakers/shared/contracts/messaging';
import { BadRequestError, ConflictError, ForbiddenError } from '@sneakers/shared/errors';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import { toPartner } from '../conversations/domain';
import type { AcceptedOffer, RatingRecord, RatingsDeps } from './ports';
import { averageStars } from './rules';

/**
 * Ratings (docs/product/messaging-and-ratings.md#ratings): after a completed trade (an
 * accepted offer between the two, recorded as trading partners) each side rates the other
 * once, 1-5 stars and an optional comment; the summary row keeps the count and the sum.
 */
export type RatingInput = z.output<typeof createRatingSchema>;

const toRating = (record: RatingRecord): Rating => record;

export async function createRating(deps: RatingsDeps, actor: Actor, input: RatingInput): Promise<Rating> {
  const user = requireWriter(actor);
  if (input.rateeUserId === user.userId)
    throw new BadRequestError('SELF_RATING', 'You cannot rate yourself.');
  const [partner, me, ratee] = await Promise.all([
    deps.repo.getTradingPartner(user.userId, input.rateeUserId),
    deps.repo.getProfile(user.userId),
    deps.repo.getProfile(input.rateeUserId),
  ]);
  if (!partner)
    throw new ForbiddenError(
      'You can rate someone after completing a trade with them.',
      'NO_COMPLETED_TRADE',
    );
  const comment = input.comment?.trim() || null;
  const rating: RatingRecord = {
    rateeUserId: input.rateeUserId,
    raterUserId: user.userId,
    raterName: me?.businessName ?? '',
    rateeName: ratee?.businessName ?? '',
    stars: input.stars,
    comment,
    offerId: partner.offerId,
    createdAt: deps.clock.now().toISOString(),
  };
  const outcome = await deps.repo.createRating(rating);
  if (outcome === 'rated') throw new ConflictError('You have already rated this user.', 'ALREADY_RATED');
  return toRating(rating);
}

export async function listRatings(
  deps: Pick<RatingsDeps, 'repo'>,
  actor: Actor,
  query: { direction: 'received' | 'given' } & PageRequest,
): Promise<Page<Rating>> {
  const user = requireUser(actor);
  const page = await deps.repo.listRatings(query.direction, user.userId, {
    cursor: query.cursor,
    limit: query.limit,
  });
  return mapPage(page, toRating);
}

/** Anyone's rating summary (the public list header): no account needed. */
export async function getRatingSummary(
  deps: Pick<RatingsDeps, 'repo'>,
  userId: string,
): Promise<RatingSummary> {
  return averageStars(await deps.repo.getSummary(userId));
}

/**
 * Trading partners (docs/product/messaging-and-ratings.md#trading-partners): the users someone
 * completed a trade with. An accepted offer (Offer.Updated with status accepted) records both
 * directions once; the first accepted offer is kept.
 */
export async function recordAcceptedOffer(
  deps: Pick<RatingsDeps, 'repo'>,
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
  deps: Pick<RatingsDeps, 'repo'>,
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
