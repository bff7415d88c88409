import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { localClientConfig, type RuntimeEnv } from '@sneakers/shared/runtime/config';
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
  let pending: Promise<MarketplaceCredentials> | undefined;
  return () => {
    pending ??= read(env).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

async function read(
  env: Pick<RuntimeEnv, 'MARKETPLACE_SECRET_ID' | 'SECRETS_ENDPOINT' | 'AWS_REGION'>,
): Promise<MarketplaceCredentials> {
  const secretId = env.MARKETPLACE_SECRET_ID;
  if (!secretId) throw new MarketplaceError('The marketplace API is not configured (no secret).', null);
  const client = new SecretsManagerClient({
    region: env.AWS_REGION,
    ...localClientConfig(env.SECRETS_ENDPOINT),
  });
  let secretString: string | undefined;
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    secretString = out.SecretString;
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    throw new MarketplaceError(`The marketplace credentials could not be read (${name}).`, null);
  } finally {
    client.destroy();
  }
  let json: unknown;
  try {
    json = JSON.parse(secretString ?? '');
  } catch {
    throw new MarketplaceError('The marketplace credentials secret is not JSON.', null);
  }
  const parsed = z.safeParse(credentialsSchema, json);
  if (!parsed.success)
    throw new MarketplaceError(
      'The marketplace credentials secret lacks apiKey, clientId or clientSecret.',
      null,
    );
  return parsed.data;
}
