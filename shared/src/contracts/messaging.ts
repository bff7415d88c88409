import * as z from 'zod/mini';
import { cursorField, pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { recordId as id, text } from './fields';
import { LIST_TYPES } from './list-values';
import { MESSAGE_MAX_LENGTH, messageSchema } from './message-values';
import { ROLES } from './profile-values';

export { MESSAGE_MAX_LENGTH, messageSchema, type Message } from './message-values';

/**
 * Messaging and ratings (docs/product/messaging-and-ratings.md): conversations between two
 * users, their messages, marking a conversation read, unread counts, trading partners and
 * ratings. Realtime frames that carry messages are in ./realtime.ts.
 */

export const CONVERSATIONS_PAGE_SIZE_MAX = 50;
export const MESSAGES_PAGE_SIZE_MAX = 100;
/** A message unread this long is emailed (message_received), one email per burst. */
export const MESSAGE_EMAIL_DELAY_MINUTES = 10;
/** The conversation list refetches on tab visibility when older than this (docs/product/messaging-and-ratings.md#conversation-list). */
export const CONVERSATIONS_STALE_MS = 5 * 60_000;
export const RATING_COMMENT_MAX_LENGTH = 1000;

export const ratingSummarySchema = z.object({
  /** Mean stars, one decimal; null with no ratings. */
  average: z.nullable(z.number()),
  count: z.int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** The other participant as a conversation shows them (their profile and rating, read fresh). */
export const partnerSchema = z.object({
  userId: z.string(),
  businessName: z.string(),
  avatarUrl: z.nullable(z.string()),
  role: z.enum(ROLES),
  rating: ratingSummarySchema,
});
export type Partner = z.infer<typeof partnerSchema>;

/** Which item a conversation is about: one of the two participants' list items. */
export const relatedItemRefSchema = z.strictObject({
  ownerUserId: id,
  listType: z.enum(LIST_TYPES),
  itemId: id,
});
export type RelatedItemRef = z.infer<typeof relatedItemRefSchema>;

/** The related item as it was when the conversation started (it may be sold or deleted since). */
export const relatedItemSchema = z.object({
  ownerUserId: z.string(),
  listType: z.enum(LIST_TYPES),
  itemId: z.string(),
  name: z.string(),
  sku: z.string(),
  imageUrl: z.nullable(z.string()),
});
export type RelatedItem = z.infer<typeof relatedItemSchema>;

export const lastMessageSchema = z.object({
  seq: z.int(),
  senderUserId: z.string(),
  content: z.string(),
  createdAt: z.string(),
});

export const conversationSchema = z.object({
  id: z.string(),
  storeUserId: z.string(),
  resellerUserId: z.string(),
  partner: partnerSchema,
  relatedItem: z.nullable(relatedItemSchema),
  lastMessage: z.nullable(lastMessageSchema),
  /** The caller's own unread count (unread_count_store or unread_count_reseller). */
  unreadCount: z.int(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const conversationId = z.object({ conversationId: id });

/** The caller's conversations, most recently active first: one Query and one BatchGet. */
export const listConversations = defineContract({
  id: 'messaging.conversations.list',
  method: 'GET',
  path: '/api/conversations',
  auth: 'user',
  query: z.object(pageQuery(CONVERSATIONS_PAGE_SIZE_MAX)),
  response: z.object({ conversations: z.array(conversationSchema), ...cursorField }),
});

export const startConversationSchema = z.strictObject({
  partnerUserId: id,
  relatedItem: z.optional(z.nullable(relatedItemRefSchema)),
});
export type StartConversation = z.input<typeof startConversationSchema>;

/**
 * Opens the conversation with a partner, optionally about an item: the same pair and item
 * reopen the same conversation (201 created, 200 reused). 404 PARTNER_NOT_FOUND,
 * 404 ITEM_NOT_FOUND, 400 SELF_CONVERSATION.
 */
export const startConversation = defineContract({
  id: 'messaging.conversations.start',
  method: 'POST',
  path: '/api/conversations',
  auth: 'user',
  body: startConversationSchema,
  response: z.object({ conversation: conversationSchema, created: z.boolean() }),
  maxBodyBytes: 2 * 1024,
});

/** One conversation of the caller's; 404 CONVERSATION_NOT_FOUND for anyone else's. */
export const getConversation = defineContract({
  id: 'messaging.conversations.get',
  method: 'GET',
  path: '/api/conversations/{conversationId}',
  auth: 'user',
  params: conversationId,
  response: z.object({ conversation: conversationSchema }),
});

const seq = z.coerce.number().check(z.int(), z.minimum(0));

/**
 * Messages in server order (ascending seq). Without `after`/`before`: the latest `limit`.
 * `after`: the ones after that seq (catch-up after a reconnect). `before`: older ones.
 */
export const listMessages = defineContract({
  id: 'messaging.messages.list',
  method: 'GET',
  path: '/api/conversations/{conversationId}/messages',
  auth: 'user',
  params: conversationId,
  query: z.strictObject({
    after: z.optional(seq),
    before: z.optional(seq),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MESSAGES_PAGE_SIZE_MAX))),
  }),
  response: z.object({ messages: z.array(messageSchema), hasMore: z.boolean() }),
});

export const sendMessageSchema = z.strictObject({
  clientMessageId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid client message id')),
  content: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Message is required'),
      z.maxLength(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
    ),
});
export type SendMessage = z.input<typeof sendMessageSchema>;

/**
 * Sends a message: 201 with it, or 200 with the first one when this clientMessageId was
 * already sent (a retry never sends twice). Adds one to the partner's unread count.
 */
export const sendMessage = defineContract({
  id: 'messaging.messages.send',
  method: 'POST',
  path: '/api/conversations/{conversationId}/messages',
  auth: 'user',
  params: conversationId,
  body: sendMessageSchema,
  response: z.object({ message: messageSchema }),
  maxBodyBytes: 24 * 1024,
});

export const unreadSchema = z.object({ unreadTotal: z.int() });

/** mark_conversation_as_read: the caller's unread count of it drops to 0. Answers the new total. */
export const markConversationRead = defineContract({
  id: 'messaging.conversations.read',
  method: 'POST',
  path: '/api/conversations/{conversationId}/read',
  auth: 'user',
  params: conversationId,
  response: unreadSchema,
  // Reading state: opening a conversation marks it read, and a read-only account reads everything (docs/adr/0021).
  subscriptionExempt: true,
});

/** The sidebar's badge: unread messages over all the caller's conversations (one GetItem). */
export const getUnreadMessages = defineContract({
  id: 'messaging.unread',
  method: 'GET',
  path: '/api/messages/unread',
  auth: 'user',
  response: unreadSchema,
});

export const RATING_DIRECTIONS = ['received', 'given'] as const;

export const ratingSchema = z.object({
  raterUserId: z.string(),
  raterName: z.string(),
  rateeUserId: z.string(),
  rateeName: z.string(),
  stars: z.int(),
  comment: z.nullable(z.string()),
  /** The accepted offer that made them trading partners. */
  offerId: z.string(),
  createdAt: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const createRatingSchema = z.strictObject({
  rateeUserId: id,
  stars: z.int().check(z.minimum(1, 'Choose 1 to 5 stars'), z.maximum(5, 'Choose 1 to 5 stars')),
  comment: z.optional(z.nullable(text(RATING_COMMENT_MAX_LENGTH))),
});
export type CreateRating = z.input<typeof createRatingSchema>;

/**
 * Rates a trading partner once: only after an accepted offer between the two
 * (403 NO_COMPLETED_TRADE), once per pair (409 ALREADY_RATED).
 */
export const createRating = defineContract({
  id: 'messaging.ratings.create',
  method: 'POST',
  path: '/api/ratings',
  auth: 'user',
  body: createRatingSchema,
  response: z.object({ rating: ratingSchema }),
  maxBodyBytes: 8 * 1024,
});

export const listRatings = defineContract({
  id: 'messaging.ratings.list',
  method: 'GET',
  path: '/api/ratings',
  auth: 'user',
  query: z.object({ direction: z.enum(RATING_DIRECTIONS), ...pageQuery(100) }),
  response: z.object({ ratings: z.array(ratingSchema), ...cursorField }),
});

export const tradingPartnerSchema = z.object({
  partner: partnerSchema,
  offerId: z.string(),
  itemName: z.string(),
  tradedAt: z.string(),
  /** The caller's rating of this partner; null while they can still rate. */
  myRating: z.nullable(z.int()),
});
export type TradingPartner = z.infer<typeof tradingPartnerSchema>;

/** Everyone the caller completed a trade with (an accepted offer), and whether they rated them. */
export const listTradingPartners = defineContract({
  id: 'messaging.ratings.partners',
  method: 'GET',
  path: '/api/ratings/partners',
  auth: 'user',
  query: z.object(pageQuery(100)),
  response: z.object({ partners: z.array(tradingPartnerSchema), ...cursorField }),
});

/** A user's rating (the public list header shows it): no account needed. */
export const getRatingSummary = defineContract({
  id: 'messaging.ratings.summary',
  method: 'GET',
  path: '/api/user-ratings/{userId}',
  auth: 'public',
  params: z.object({ userId: id }),
  response: z.object({ summary: ratingSummarySchema }),
});

export const messagingContracts = [
  listConversations,
  startConversation,
  getConversation,
  listMessages,
  sendMessage,
  markConversationRead,
  getUnreadMessages,
  createRating,
  listRatings,
  listTradingPartners,
  getRatingSummary,
] as const;
