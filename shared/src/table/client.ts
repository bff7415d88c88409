import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localClientConfig, type RuntimeEnv } from '../runtime/config';

/** The document client every store uses; locally it points at DynamoDB Local. */
export function createDocumentClient(env: Pick<RuntimeEnv, 'AWS_REGION' | 'DYNAMODB_ENDPOINT'>) {
  const client = new DynamoDBClient({
    region: env.AWS_REGION,
    maxAttempts: 3,
    ...localClientConfig(env.DYNAMODB_ENDPOINT),
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

export type DocumentClient = ReturnType<typeof createDocumentClient>;
