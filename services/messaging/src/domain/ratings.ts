import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { createRatingSchema, Rating, RatingSummary } from '@sneakers/shared/contracts/messaging';
import { BadRequestError, ConflictError, ForbiddenError } from '@sneakers/shared/errors';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import type { MessagingDeps, RatingRecord } from './ports';
import { averageStars } from './rules';

/**
 * Ratings (spec section 2's ratings section): after a completed trade (an accepted offer
 * between the two, recorded as trading partners) each side rates the other once, 1-5 stars
 * and an optional comment; the summary row keeps the count and the sum.
 */
export type RatingInput = z.output<typeof createRatingSchema>;

const toRating = (record: RatingRecord): Rating => record;

export async function createRating(deps: MessagingDeps, actor: Actor, input: RatingInput): Promise<Rating> {
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
  deps: Pick<MessagingDeps, 'repo'>,
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
  deps: Pick<MessagingDeps, 'repo'>,
  userId: string,
): Promise<RatingSummary> {
  return averageStars(await deps.repo.getSummary(userId));
}
