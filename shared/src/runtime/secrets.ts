import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { localClientConfig } from './config';

/**
 * A JSON secret from Secrets Manager (an upstream's keys: the marketplace's, the payment
 * provider's), never from the bundle or the environment. Read once per container; a failed
 * read is not remembered, so the next call tries again. Errors name the secret's purpose,
 * never its value, so they are safe to log.
 */
export interface JsonSecretSpec<S extends z.ZodMiniType> {
  /** Unset: the upstream is not configured here. */
  secretId: string | undefined;
  region: string;
  /** The local Secrets Manager stand-in; unset in AWS. */
  endpoint: string | undefined;
  schema: S;
  /** What the secret holds, as a sentence's subject: 'The marketplace credentials'. */
  label: string;
  /** The error for an unset secret id. */
  notConfigured: string;
  /** The fields the schema requires, for the error of a secret that lacks them. */
  requiredFields: string;
  /** Wraps each message in the caller's own error type. */
  error: (message: string) => Error;
}

export function jsonSecret<S extends z.ZodMiniType>(spec: JsonSecretSpec<S>): () => Promise<z.output<S>> {
  let pending: Promise<z.output<S>> | undefined;
  return () => {
    pending ??= readJsonSecret(spec).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

async function readJsonSecret<S extends z.ZodMiniType>(spec: JsonSecretSpec<S>): Promise<z.output<S>> {
  if (!spec.secretId) throw spec.error(spec.notConfigured);
  const client = new SecretsManagerClient({ region: spec.region, ...localClientConfig(spec.endpoint) });
  let secretString: string | undefined;
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: spec.secretId }));
    secretString = out.SecretString;
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    throw spec.error(`${spec.label} could not be read (${name}).`);
  } finally {
    client.destroy();
  }
  let json: unknown;
  try {
    json = JSON.parse(secretString ?? '');
  } catch {
    throw spec.error(`${spec.label} secret is not JSON.`);
  }
  const parsed = z.safeParse(spec.schema, json);
  if (!parsed.success) throw spec.error(`${spec.label} secret lacks ${spec.requiredFields}.`);
  return parsed.data;
}
