import {
  createAnonymousOffer as createAnonymousOfferContract,
  createOffers as createOffersContract,
  getAnonymousOffer as getAnonymousOfferContract,
  getOffer as getOfferContract,
  getOfferStatus as getOfferStatusContract,
  listAnonymousOffers as listAnonymousOffersContract,
  listOffers as listOffersContract,
  respondToAnonymousOffer as respondToAnonymousOfferContract,
  respondToOffer as respondToOfferContract,
} from '@sneakers/shared/contracts/offers';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { offersDeps } from './deps';
import {
  createAnonymousOffer,
  createOffers,
  getAnonymousOffer,
  getOffer,
  getOfferStatus,
  listAnonymousOffers,
  listOffers,
  respondToAnonymousOffer,
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
    const { offer, statusToken, created } = await createAnonymousOffer(offersDeps(), headers, sourceIp, body);
    if (!created) setStatus(200);
    return { offer, statusToken };
  }),
  route(listOffersContract, async ({ actor, query }) => listOffers(offersDeps(), actor, query)),
  route(listAnonymousOffersContract, async ({ actor, query }) =>
    listAnonymousOffers(offersDeps(), actor, query),
  ),
  route(getOfferContract, async ({ actor, params }) => getOffer(offersDeps(), actor, params.offerId)),
  route(getAnonymousOfferContract, async ({ actor, params }) => ({
    offer: await getAnonymousOffer(offersDeps(), actor, params.anonymousOfferId),
  })),
  route(
    respondToOfferContract,
    async ({ actor, params, body }) => ({
      offer: await respondToOffer(offersDeps(), actor, params.offerId, body),
    }),
    { status: 200 },
  ),
  route(
    respondToAnonymousOfferContract,
    async ({ actor, params, body }) => ({
      offer: await respondToAnonymousOffer(offersDeps(), actor, params.anonymousOfferId, body),
    }),
    { status: 200 },
  ),
  route(getOfferStatusContract, async ({ params }) => ({
    offer: await getOfferStatus(offersDeps(), params.token),
  })),
];
