import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/** A message as it is pushed (shared/src/contracts/message-values.ts `messageSchema`, kept equal by a test). */
export const messageEventData = z.object({
  id: z.string(),
  conversationId: z.string(),
  seq: z.int(),
  senderUserId: z.string(),
  senderName: z.string(),
  content: z.string(),
  clientMessageId: z.string(),
  createdAt: z.string(),
});

/**
 * A message was sent (written in the send's transaction, outbox). The realtime service pushes
 * it to both participants' open sockets: the partner's, and the sender's other tabs.
 */
export const messageSent = defineEvent({
  detailType: 'Message.Sent',
  version: 1,
  domain: 'messaging',
  data: z.object({
    recipientUserId: z.string(),
    message: messageEventData,
  }),
});

/**
 * A participant read a conversation (mark_conversation_as_read): their open tabs refetch the
 * conversation list and the sidebar's unread badge.
 */
export const conversationRead = defineEvent({
  detailType: 'Conversation.Read',
  version: 1,
  domain: 'messaging',
  data: z.object({
    conversationId: z.string(),
    userId: z.string(),
    unreadTotal: z.int(),
  }),
});

/**
 * Messages stayed unread MESSAGE_EMAIL_DELAY_MINUTES: one message_received email for the
 * burst (usage tracking off), sent by the notifications service if the recipient wants email.
 */
export const messagesUnread = defineEvent({
  detailType: 'Messages.Unread',
  version: 1,
  domain: 'messaging',
  data: z.object({
    recipientUserId: z.string(),
    unreadTotal: z.int(),
    conversationId: z.string(),
    senderName: z.string(),
    /** The latest unread message's first characters. */
    preview: z.string(),
  }),
});
