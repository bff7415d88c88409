import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { preferencesRoutes } from '../preferences/routes';
import { talliesRoutes } from '../tallies/routes';
import { thingsRoutes } from '../things/routes';

/** deals: the API of the owner's things and their tally. */
export const dealsFunction = defineFunction({
  name: 'deals',
  routes: [...thingsRoutes, ...talliesRoutes, ...preferencesRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(dealsFunction);
