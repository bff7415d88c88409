import { randomBytes } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { systemClock } from '@sneakers/shared/clock';
import { createRealtimeTicket } from '@sneakers/shared/contracts/realtime';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { consumer, defineFunction, lazy, route } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import {
  conversationRead,
  flagsChanged,
  messageSent,
  notificationAdded,
  notificationRead,
  settingsChanged,
} from '@sneakers/events';
import {
  connect,
  createTicket,
  disconnect,
  onClientFrame,
  onConversationRead,
  onFlagsChanged,
  onInboxChanged,
  onMessageSent,
  onSettingsChanged,
  type RealtimeDeps,
} from './domain/realtime';
import { createConnectionPusher } from './push';
import { createConnectionRepository } from './store/connection-repository';

const deps = lazy((): RealtimeDeps => {
  const env = runtimeEnv();
  const logger = new Logger({ serviceName: 'realtime' });
  return {
    connections: createConnectionRepository(createDocumentClient(env), env.TABLE_NAME),
    pusher: createConnectionPusher(env),
    clock: systemClock,
    newTicket: () => randomBytes(32).toString('base64url'),
    log: { warn: (message, data) => logger.warn(message, data ?? {}) },
  };
});

export const pushSettingsChanges = consumer('push-settings-changes', settingsChanged, async (detail) => {
  await onSettingsChanged(deps(), detail);
});

export const pushNotificationAdded = consumer(
  'push-notification-added',
  notificationAdded,
  async (detail) => {
    await onInboxChanged(deps(), detail);
  },
);

export const pushNotificationRead = consumer('push-notification-read', notificationRead, async (detail) => {
  await onInboxChanged(deps(), detail);
});

export const pushFlagsChanges = consumer('push-flags-changes', flagsChanged, async (detail) => {
  await onFlagsChanged(deps(), detail);
});

export const pushMessageSent = consumer('push-message-sent', messageSent, async (detail) => {
  await onMessageSent(deps(), detail);
});

export const pushConversationRead = consumer('push-conversation-read', conversationRead, async (detail) => {
  await onConversationRead(deps(), detail);
});

/** The WebSocket API's handlers, the subscribe tickets and the pushes that domain events trigger. */
export const realtimeService = defineFunction({
  name: 'realtime',
  routes: [route(createRealtimeTicket, async ({ actor }) => createTicket(deps(), actor))],
  consumers: [
    pushSettingsChanges,
    pushNotificationAdded,
    pushNotificationRead,
    pushFlagsChanges,
    pushMessageSent,
    pushConversationRead,
  ],
  websocket: {
    async connect(ctx) {
      await connect(deps(), ctx.connectionId);
      return { statusCode: 200 };
    },
    async disconnect(ctx) {
      await disconnect(deps(), ctx.connectionId);
    },
    async message(ctx) {
      return onClientFrame(deps(), ctx.connectionId, ctx.body);
    },
  },
  access: { table: 'readWrite', managesConnections: true },
});
