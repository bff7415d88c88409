import { createOrderFromOffer as createOrderFromOfferContract } from '@sneakers/shared/contracts/orders';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { offerOrdersDeps } from './deps';
import { createOrderFromOffer } from './domain';

export const offerOrderRoutes: Route[] = [
  route(createOrderFromOfferContract, async ({ actor, body, setStatus }) => {
    const { order, created } = await createOrderFromOffer(offerOrdersDeps(), actor, body);
    // A repeat for the same offer answers the order the first call made.
    if (!created) setStatus(200);
    return { order };
  }),
];
