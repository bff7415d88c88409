import {
  createRating as createRatingContract,
  getRatingSummary as getRatingSummaryContract,
  listRatings as listRatingsContract,
  listTradingPartners as listTradingPartnersContract,
} from '@sneakers/shared/contracts/messaging';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { ratingsDeps } from './deps';
import { createRating, getRatingSummary, listRatings, listTradingPartners } from './domain';

/** The ratings' and trading partners' routes: CDK declares them and the local gateway serves them. */
export const ratingsRoutes: Route[] = [
  route(createRatingContract, async ({ actor, body }) => ({
    rating: await createRating(ratingsDeps(), actor, body),
  })),
  route(listRatingsContract, async ({ actor, query }) => {
    const page = await listRatings(ratingsDeps(), actor, query);
    return { ratings: page.items, cursor: page.cursor };
  }),
  route(listTradingPartnersContract, async ({ actor, query }) => {
    const page = await listTradingPartners(ratingsDeps(), actor, query);
    return { partners: page.items, cursor: page.cursor };
  }),
  route(getRatingSummaryContract, async ({ params }) => ({
    summary: await getRatingSummary(ratingsDeps(), params.userId),
  })),
];
