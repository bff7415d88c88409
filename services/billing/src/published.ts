/**
 * What the local cloud and the cross-service suites may use of billing besides its routes
 * (docs/adr/0017-one-shape-for-every-domain.md).
 */
/** The provider's plan prices, made to match the product's (local start and the set-up script). */
export { ensurePlanPrices } from './provider/set-up';
