import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { talliesConsumers } from '../tallies/consumers';
import { thingsConsumers } from '../things/consumers';

/**
 * pricing-events: what the domain does when its events arrive, apart from the API so a
 * burst of events never competes with requests for the API function's concurrency.
 */
export const pricingEventsFunction = defineFunction({
  name: 'pricing-events',
  routes: [],
  consumers: [...thingsConsumers, ...talliesConsumers],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(pricingEventsFunction);
