import type Stripe from 'stripe';
import * as z from 'zod/mini';
import type { RuntimeEnv } from '../runtime/config';
import { jsonSecret } from '../runtime/secrets';

/**
 * The payment provider's SDK client, one per container, for every service whose function has
 * `access.paymentProvider` (billing's subscriptions, the storefront's card checkout). The
 * credentials come from the provider's secret, and the SDK is imported on the first call only:
 * in AWS it is a module of its own beside the function's bundle, so routes that never reach
 * the provider never load it (docs/adr/0026-lazy-provider-sdk.md). Locally (STRIPE_API_URL set)
 * the same SDK talks to the stand-in (localstack/src/stripe), so the code under test is the
 * code that runs against Stripe.
 */

const credentialsSchema = z.object({
  apiKey: z.string().check(z.minLength(1)),
  webhookSecret: z.string().check(z.minLength(1)),
});
export type ProviderCredentials = z.infer<typeof credentialsSchema>;

export type StripeClientEnv = Pick<
  RuntimeEnv,
  'BILLING_SECRET_ID' | 'SECRETS_ENDPOINT' | 'AWS_REGION' | 'STRIPE_API_URL'
>;

export interface StripeClient {
  stripe: Stripe;
  /** The SDK's module: its error classes and webhook helpers. */
  sdk: typeof Stripe;
  secret: ProviderCredentials;
}

/** The SDK's connection options for STRIPE_API_URL (the stand-in); none for api.stripe.com. */
export function stripeOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * Connects on first use and remembers the client; a failed secret read is not remembered, so
 * the next call tries again. `error` wraps each message in the caller's own error type. The
 * API key and the signing secret never reach a message.
 */
export function stripeClient(
  env: StripeClientEnv,
  error: (message: string) => Error,
): () => Promise<StripeClient> {
  const credentials = jsonSecret({
    secretId: env.BILLING_SECRET_ID,
    region: env.AWS_REGION,
    endpoint: env.SECRETS_ENDPOINT,
    schema: credentialsSchema,
    label: 'The payment provider credentials',
    notConfigured: 'The payment provider is not configured (no secret).',
    requiredFields: 'apiKey or webhookSecret',
    error,
  });
  let client: StripeClient | undefined;
  return async () => {
    if (client) return client;
    const [secret, { default: sdk }] = await Promise.all([credentials(), import('stripe')]);
    client = {
      stripe: new sdk(secret.apiKey, { ...stripeOptions(env.STRIPE_API_URL), maxNetworkRetries: 2 }),
      sdk,
      secret,
    };
    return client;
  };
}
