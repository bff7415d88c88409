import {
  createOffers as createOffersContract,
  getOffer as getOfferContract,
  listOffers as listOffersContract,
  respondToOffer as respondToOfferContract,
} from '@sneakers/shared/contracts/offers';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { offersDeps } from './deps';
import { createOffers, getOffer, listOffers, respondToOffer } from './domain';

/** Signed-in offers: CDK declares these routes and the local gateway serves them. */
export const offerRoutes: Route[] = [
  route(createOffersContract, async ({ actor, headers, body, setStatus }) => {
    const { offers, created } = await createOffers(offersDeps(), actor, headers, body);
    // 201 when this call created them, 200 when a retry with the same key replays them.
    if (!created) setStatus(200);
    return { offers };
  }),
  route(listOffersContract, async ({ actor, query }) => listOffers(offersDeps(), actor, query)),
  route(getOfferContract, async ({ actor, params }) => getOffer(offersDeps(), actor, params.offerId)),
  route(
    respondToOfferContract,
    async ({ actor, params, body }) => ({
      offer: await respondToOffer(offersDeps(), actor, params.offerId, body),
    }),
    { status: 200 },
  ),
];
