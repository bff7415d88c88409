import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { keysRoutes } from '../keys/routes';

/** store-api: the store's API keys (Settings → API keys). */
export const storeApiFunction = defineFunction({
  name: 'store-api',
  routes: [...keysRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(storeApiFunction);
