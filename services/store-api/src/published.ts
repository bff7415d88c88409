/**
 * What the local cloud and the cross-service suites may use of store-api besides its routes
 * (docs/adr/0017-one-shape-for-every-domain.md).
 */
export { seedDemoWebhookData } from './webhooks/demo-data';
