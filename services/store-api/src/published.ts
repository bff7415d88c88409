/**
 * What the local cloud and the cross-service suites may use of store-api besides its routes
 * (docs/adr/0017-one-shape-for-every-domain.md): the key format, so the route suites can
 * forge a key that passes the checksum but was never issued.
 */
export { checksumOf, generateApiKey, isWellFormedApiKey } from './keys/key-format';
export { seedDemoWebhookData } from './webhooks/demo-data';
