import { getStoreApiOpenApi } from '@sneakers/shared/contracts/store-api-v1';
import { route, type Route } from '@sneakers/shared/runtime/function';
import document from './openapi.json';

/**
 * `GET /v1/openapi.json`: the document `npm run openapi` wrote from the contracts, bundled into
 * the function as data, so the answer is the same bytes locally and in AWS.
 */
export const referenceRoutes: Route[] = [route(getStoreApiOpenApi, async () => document)];
