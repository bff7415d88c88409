/** Resource names of the local stage (the CDK app names the AWS ones). */
export const LOCAL_NAMES = {
  table: 'sneakers-local',
  eventBus: 'sneakers-local',
  userPool: 'sneakers-local',
  uploadsBucket: 'sneakers-uploads-local',
  /** The catalog search index's snapshots (catalog-index/<version>.bin). */
  catalogIndexBucket: 'sneakers-catalog-index-local',
  /** The marketplace API credentials, `{ apiKey, clientId, clientSecret }` (local Secrets Manager). */
  marketplaceSecretId: 'sneakers-local/marketplace',
  /** The payment provider's keys, `{ apiKey, webhookSecret }` (local Secrets Manager). */
  billingSecretId: 'sneakers-local/billing-provider',
  /** The outgoing webhooks' deliveries queue (the SQS stand-in, docs/adr/0025). */
  webhookQueue: 'sneakers-local-webhook-deliveries',
  region: 'eu-west-1',
  emailFrom: 'no-reply@sneakers.local',
} as const;

/** The local superuser the seed creates, for changing site settings while developing. */
export const LOCAL_ADMIN = {
  email: process.env.LOCAL_ADMIN_EMAIL ?? 'admin@sneakers.local',
  password: process.env.LOCAL_ADMIN_PASSWORD ?? 'admin-password',
} as const;

/**
 * The marketplace emulator's credentials: the local Secrets Manager holds them under
 * LOCAL_NAMES.marketplaceSecretId and the emulator accepts only these. Not secret: they open
 * nothing but the emulator.
 */
export const LOCAL_MARKETPLACE_CREDENTIALS = {
  apiKey: 'local-marketplace-api-key',
  clientId: 'local-marketplace-client',
  clientSecret: 'local-marketplace-client-secret',
} as const;

/**
 * The payment provider stand-in's keys (localstack/src/stripe): the local Secrets Manager
 * holds them under LOCAL_NAMES.billingSecretId, the stand-in accepts only this API key and
 * signs its webhooks with this secret. Not secret: they open nothing but the stand-in.
 */
export const LOCAL_BILLING_CREDENTIALS = {
  apiKey: 'sk_test_local_sneakers_billing',
  webhookSecret: 'whsec_local_sneakers_billing_webhooks',
} as const;
