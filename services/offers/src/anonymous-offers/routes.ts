import {
  createAnonymousOffer as createAnonymousOfferContract,
  createStorefrontOffer as createStorefrontOfferContract,
  getAnonymousOffer as getAnonymousOfferContract,
  getOfferStatus as getOfferStatusContract,
  listAnonymousOffers as listAnonymousOffersContract,
  respondToAnonymousOffer as respondToAnonymousOfferContract,
} from '@sneakers/shared/contracts/offers';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { anonymousOffersDeps } from './deps';
import {
  createAnonymousOffer,
  createStorefrontOffer,
  getAnonymousOffer,
  getOfferStatus,
  listAnonymousOffers,
  respondToAnonymousOffer,
} from './domain';

/** Anonymous offers and the sender's status page: CDK declares these routes and the local gateway serves them. */
export const anonymousOfferRoutes: Route[] = [
  route(createAnonymousOfferContract, async ({ headers, sourceIp, body, setStatus }) => {
    const { offer, statusToken, created } = await createAnonymousOffer(
      anonymousOffersDeps(),
      headers,
      sourceIp,
      body,
    );
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { offer, statusToken };
  }),
  route(createStorefrontOfferContract, async ({ headers, sourceIp, body, setStatus }) => {
    const { offer, statusToken, created } = await createStorefrontOffer(
      anonymousOffersDeps(),
      headers,
      sourceIp,
      body,
    );
    if (!created) setStatus(200);
    return { offer, statusToken };
  }),
  route(listAnonymousOffersContract, async ({ actor, query }) =>
    listAnonymousOffers(anonymousOffersDeps(), actor, query),
  ),
  route(getAnonymousOfferContract, async ({ actor, params }) => ({
    offer: await getAnonymousOffer(anonymousOffersDeps(), actor, params.anonymousOfferId),
  })),
  route(
    respondToAnonymousOfferContract,
    async ({ actor, params, body }) => ({
      offer: await respondToAnonymousOffer(anonymousOffersDeps(), actor, params.anonymousOfferId, body),
    }),
    { status: 200 },
  ),
  route(getOfferStatusContract, async ({ params }) => ({
    offer: await getOfferStatus(anonymousOffersDeps(), params.token),
  })),
];
