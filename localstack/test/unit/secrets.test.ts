import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MARKETPLACE_CREDENTIALS, LOCAL_NAMES } from '../../src/names';
import { startSecretsManager, type LocalSecretsManager } from '../../src/secrets';

let secrets: LocalSecretsManager;
let client: SecretsManagerClient;

beforeAll(async () => {
  secrets = await startSecretsManager({
    port: 0,
    secrets: { [LOCAL_NAMES.marketplaceSecretId]: JSON.stringify(LOCAL_MARKETPLACE_CREDENTIALS) },
  });
  client = new SecretsManagerClient({
    region: LOCAL_NAMES.region,
    endpoint: secrets.url,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  client.destroy();
  await secrets.close();
});

describe('local Secrets Manager (through the real AWS SDK client)', () => {
  it('answers GetSecretValue for the marketplace secret, by name or ARN', async () => {
    const out = await client.send(new GetSecretValueCommand({ SecretId: LOCAL_NAMES.marketplaceSecretId }));
    expect(out.Name).toBe('sneakers-local/marketplace');
    expect(out.ARN).toMatch(/^arn:aws:secretsmanager:eu-west-1:\d{12}:secret:sneakers-local\/marketplace-/);
    expect(out.VersionStages).toEqual(['AWSCURRENT']);
    expect(out.CreatedDate).toBeInstanceOf(Date);
    expect(JSON.parse(out.SecretString ?? '')).toEqual({
      apiKey: LOCAL_MARKETPLACE_CREDENTIALS.apiKey,
      clientId: LOCAL_MARKETPLACE_CREDENTIALS.clientId,
      clientSecret: LOCAL_MARKETPLACE_CREDENTIALS.clientSecret,
    });
    const byArn = await client.send(new GetSecretValueCommand({ SecretId: out.ARN }));
    expect(byArn.SecretString).toBe(out.SecretString);
  });

  it('throws ResourceNotFoundException for an unknown secret', async () => {
    const error = await client
      .send(new GetSecretValueCommand({ SecretId: 'sneakers-local/missing' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect((error as ResourceNotFoundException).message).toBe(
      "Secrets Manager can't find the specified secret.",
    );
  });
});
