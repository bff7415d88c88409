import { defineFunction } from '@sneakers/shared/runtime/function';
import { messagingConsumers } from './consumers';
import { messagingRoutes } from './routes';
import { messagingSchedules } from './schedules';

/**
 * Messaging: conversations between stores and resellers, their messages (Message.Sent,
 * Conversation.Read go out through the outbox; the realtime service pushes them), unread
 * counts and the message email sweep (Messages.Unread), ratings between trading partners.
 */
export const messagingService = defineFunction({
  name: 'messaging',
  routes: messagingRoutes,
  consumers: messagingConsumers,
  schedules: messagingSchedules,
  access: { table: 'readWrite' },
});
