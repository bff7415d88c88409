import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { conversationsRoutes } from '../conversations/routes';
import { messagesRoutes } from '../messages/routes';
import { ratingsConsumers } from '../ratings/consumers';
import { ratingsRoutes } from '../ratings/routes';
import { unreadRoutes } from '../unread/routes';
import { unreadSchedules } from '../unread/schedules';

/**
 * messaging: conversations between stores and resellers, their messages (Message.Sent,
 * Conversation.Read go out through the outbox; the realtime function pushes them), unread
 * counts and the message email sweep (Messages.Unread), ratings between trading partners.
 */
export const messagingFunction = defineFunction({
  name: 'messaging',
  routes: [...conversationsRoutes, ...messagesRoutes, ...unreadRoutes, ...ratingsRoutes],
  consumers: ratingsConsumers,
  schedules: unreadSchedules,
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(messagingFunction);
