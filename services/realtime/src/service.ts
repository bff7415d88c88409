import { systemClock } from '@sneakers/shared/clock';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { consumer, defineService, lazy } from '@sneakers/shared/runtime/service';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { settingsChanged } from '@sneakers/events';
import {
  connect,
  disconnect,
  onSettingsChanged,
  parseClientFrame,
  type RealtimeDeps,
} from './domain/realtime';
import { createConnectionPusher } from './push';
import { createConnectionRepository } from './store/connection-repository';

const deps = lazy((): RealtimeDeps => {
  const env = runtimeEnv();
  return {
    connections: createConnectionRepository(createDocumentClient(env), env.TABLE_NAME),
    pusher: createConnectionPusher(env),
    clock: systemClock,
  };
});

export const pushSettingsChanges = consumer('push-settings-changes', settingsChanged, async (detail) => {
  await onSettingsChanged(deps(), detail);
});

/** The WebSocket API's handlers and the pushes that domain events trigger. */
export const realtimeService = defineService({
  name: 'realtime',
  routes: [],
  consumers: [pushSettingsChanges],
  websocket: {
    async connect(ctx) {
      await connect(deps(), ctx.connectionId);
      return { statusCode: 200 };
    },
    async disconnect(ctx) {
      await disconnect(deps(), ctx.connectionId);
    },
    async message(ctx) {
      return parseClientFrame(ctx.body) ? { statusCode: 200 } : { statusCode: 400, body: 'Unknown frame' };
    },
  },
  access: { table: 'readWrite', managesConnections: true },
});
