import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { talliesRoutes } from '../tallies/routes';
import { thingsRoutes } from '../things/routes';

/** pricing: the API of the owner's things and their tally. */
export const pricingFunction = defineFunction({
  name: 'pricing',
  routes: [...thingsRoutes, ...talliesRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(pricingFunction);
