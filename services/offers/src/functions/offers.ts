import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { anonymousOfferRoutes } from '../anonymous-offers/routes';
import { offerRoutes } from '../offers/routes';

/** offers: signed-in and anonymous offers, their answers, and the anonymous sender's status page. */
export const offersFunction = defineFunction({
  name: 'offers',
  routes: [...offerRoutes, ...anonymousOfferRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(offersFunction);
