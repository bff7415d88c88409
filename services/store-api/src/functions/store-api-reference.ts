import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { referenceRoutes } from '../reference/routes';

/**
 * store-api-reference: the store API's OpenAPI document at `GET /v1/openapi.json`, public.
 * Its own function: it needs no table and no key, and stays a few kilobytes.
 */
export const storeApiReferenceFunction = defineFunction({
  name: 'store-api-reference',
  routes: referenceRoutes,
  consumers: [],
  access: { table: 'none' },
});

export const handler = createLambdaHandler(storeApiReferenceFunction);
