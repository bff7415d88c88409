import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { connectionsDeps } from '../connections/deps';
import { connect, disconnect, onClientFrame } from '../connections/domain';
import { connectionRoutes } from '../connections/routes';
import { pushConsumers } from '../pushes/consumers';

/**
 * realtime: the WebSocket API's handlers and the subscribe tickets (`connections`), and the
 * pushes domain events trigger (`pushes`).
 */
export const realtimeFunction = defineFunction({
  name: 'realtime',
  routes: connectionRoutes,
  consumers: pushConsumers,
  websocket: {
    async connect(ctx) {
      await connect(connectionsDeps(), ctx.connectionId);
      return { statusCode: 200 };
    },
    async disconnect(ctx) {
      await disconnect(connectionsDeps(), ctx.connectionId);
    },
    async message(ctx) {
      return onClientFrame(connectionsDeps(), ctx.connectionId, ctx.body);
    },
  },
  access: { table: 'readWrite', managesConnections: true },
});

export const handler = createLambdaHandler(realtimeFunction);
