import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';

/** billing: the billing section's API, the provider's sessions and its signed webhook. */
export const billingFunction = defineFunction({
  name: 'billing',
  routes: [],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(billingFunction);
