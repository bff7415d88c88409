import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';

/**
 * store-api-events: what the domain does when its events arrive, apart from the API so a
 * burst of events never competes with requests for the API function's concurrency.
 */
export const storeApiEventsFunction = defineFunction({
  name: 'store-api-events',
  routes: [],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(storeApiEventsFunction);
