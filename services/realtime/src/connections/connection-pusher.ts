import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { RuntimeEnv } from '@sneakers/shared/runtime/config';
import type { ConnectionPusher } from './ports';

export function createConnectionPusher(
  env: Pick<RuntimeEnv, 'AWS_REGION' | 'WS_MANAGEMENT_ENDPOINT' | 'STAGE'>,
): ConnectionPusher {
  if (!env.WS_MANAGEMENT_ENDPOINT) throw new Error('WS_MANAGEMENT_ENDPOINT is not set');
  const client = new ApiGatewayManagementApiClient({
    region: env.AWS_REGION,
    endpoint: env.WS_MANAGEMENT_ENDPOINT,
    ...(env.STAGE === 'local' ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return {
    async post(connectionId, data) {
      try {
        await client.send(
          new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(data) }),
        );
        return 'sent';
      } catch (error) {
        if (
          error instanceof GoneException ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410
        ) {
          return 'gone';
        }
        throw error;
      }
    },
  };
}
