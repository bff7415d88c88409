import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { accountConsumers } from '../accounts/consumers';

/**
 * billing-events: what the domain does when other domains' events arrive (a new profile's
 * trial at the provider), apart from the API so a burst never competes with requests.
 */
export const billingEventsFunction = defineFunction({
  name: 'billing-events',
  routes: [],
  consumers: [...accountConsumers],
  access: { table: 'readWrite', paymentProvider: true },
});

export const handler = createLambdaHandler(billingEventsFunction);
