import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';

/** store-api: the API of the owner's things and their tally. */
export const storeApiFunction = defineFunction({
  name: 'store-api',
  routes: [],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(storeApiFunction);
