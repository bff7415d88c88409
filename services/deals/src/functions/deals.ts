import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { boardRoutes } from '../board/routes';
import { preferencesRoutes } from '../preferences/routes';

/** deals: the deals board's API (the board, its badge, opening it). */
export const dealsFunction = defineFunction({
  name: 'deals',
  routes: [...boardRoutes, ...preferencesRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(dealsFunction);
