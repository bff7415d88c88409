/**
 * What the local cloud and the cross-service suites may use of billing besides its routes
 * (docs/adr/0017-one-shape-for-every-domain.md).
 */
/** The provider's plan prices, made to match the product's (local start and the set-up script). */
export { ensurePlanPrices } from './provider/set-up';
/** The webhook's use case, its table adapter and the provider's adapter: the webhook bench measures below the HTTP layer. */
export { receiveWebhook } from './webhooks/domain';
export { createWebhookRepository } from './webhooks/repository';
export { createStripeGateway } from './provider/stripe-gateway';
