/**
 * What the local cloud and the cross-service suites may use of storefront besides its routes
 * (docs/adr/0017-one-shape-for-every-domain.md). The demo seed writes through the routes; a
 * benchmark builds the public reads on its own DocumentClient (to count their DynamoDB
 * requests: tests/support/count-requests.ts) with these.
 */
export { createStorefrontReader } from './catalog/repository';
export { getStorefront, getStorefrontProduct } from './catalog/domain';
export type { PublicDeps, StorefrontReader } from './catalog/ports';
