import type { RuntimeEnv } from '@sneakers/shared/runtime/config';
import { jsonSecret } from '@sneakers/shared/runtime/secrets';
import { MarketplaceError } from './errors';
import { credentialsSchema, type MarketplaceCredentials } from './shapes';

export type CredentialsSource = () => Promise<MarketplaceCredentials>;

/**
 * The marketplace credentials `{ apiKey, clientId, clientSecret }`, from Secrets Manager
 * (MARKETPLACE_SECRET_ID), never from the bundle or the environment. Read once per
 * container; a failed read is not remembered, so the next call tries again. Errors name
 * the secret, never its value.
 */
export function secretsManagerCredentials(
  env: Pick<RuntimeEnv, 'MARKETPLACE_SECRET_ID' | 'SECRETS_ENDPOINT' | 'AWS_REGION'>,
): CredentialsSource {
  return jsonSecret({
    secretId: env.MARKETPLACE_SECRET_ID,
    region: env.AWS_REGION,
    endpoint: env.SECRETS_ENDPOINT,
    schema: credentialsSchema,
    label: 'The marketplace credentials',
    notConfigured: 'The marketplace API is not configured (no secret).',
    requiredFields: 'apiKey, clientId or clientSecret',
    error: (message) => new MarketplaceError(message, null),
  });
}
