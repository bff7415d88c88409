import {
  createAnonymousOffer as createAnonymousOfferContract,
  createOffers as createOffersContract,
  listAnonymousOffers as listAnonymousOffersContract,
  listOffers as listOffersContract,
  respondToOffer as respondToOfferContract,
} from '@sneakers/shared/contracts/offers';
import { route, type Route } from '@sneakers/shared/runtime/service';
import { offersDeps } from './deps';
import {
  createAnonymousOffer,
  createOffers,
  listAnonymousOffers,
  listOffers,
  respondToOffer,
} from './domain/offers';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const offersRoutes: Route[] = [
  route(createOffersContract, async ({ actor, headers, body, setStatus }) => {
    const { offers, created } = await createOffers(offersDeps(), actor, headers, body);
    // 201 when this call created them, 200 when a retry with the same key replays them.
    if (!created) setStatus(200);
    return { offers };
  }),
  route(createAnonymousOfferContract, async ({ headers, sourceIp, body, setStatus }) => {
    const { offer, created } = await createAnonymousOffer(offersDeps(), headers, sourceIp, body);
    if (!created) setStatus(200);
    return { offer };
  }),
  route(listOffersContract, async ({ actor, query }) => listOffers(offersDeps(), actor, query)),
  route(listAnonymousOffersContract, async ({ actor, query }) =>
    listAnonymousOffers(offersDeps(), actor, query),
  ),
  route(
    respondToOfferContract,
    async ({ actor, params, body }) => ({
      offer: await respondToOffer(offersDeps(), actor, params.offerId, body),
    }),
    { status: 200 },
  ),
];
