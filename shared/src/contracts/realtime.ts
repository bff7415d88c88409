import * as z from 'zod/mini';
import { defineContract } from './contract';
import { messageSchema } from './message-values';

/**
 * Frames pushed over the WebSocket API. `invalidate` tells the SPA which query keys to
 * refetch, so screens update without a reload (docs/product/dashboard-shell.md#realtime-updates).
 *
 * Every connection hears the public `settings` topic. A signed-in browser also hears its
 * own user's topics (`notifications`): it asks for a one-time ticket over HTTPS (its
 * Cognito token is verified there, as on every user route) and sends it in a `subscribe`
 * frame; the server answers `subscribed`. Browsers cannot set headers on a WebSocket, and a
 * ticket keeps the long-lived token out of URLs and access logs.
 */
export const REALTIME_TOPICS = [
  'settings',
  'notifications',
  'features',
  'messages',
  'billing',
  'deals',
] as const;
export const realtimeTopicSchema = z.enum(REALTIME_TOPICS);
export type RealtimeTopic = z.infer<typeof realtimeTopicSchema>;

/**
 * Every query key the server tells browsers to refetch: the first element of the SPA's
 * TanStack query keys (web/src builds its keys from these, so server and browser cannot
 * drift). A key outside this set is refused by the frame schema.
 */
export const REALTIME_QUERY_KEYS = {
  comingSoon: 'settings.comingSoon',
  signup: 'settings.signup',
  notifications: 'notifications',
  features: 'features',
  conversations: 'conversations',
  messagesUnread: 'messages-unread',
  messages: 'messages',
  /** The billing section (summary, invoices) and the profile, whose subscription fields billing keeps. */
  billing: 'billing',
  profile: 'profile.mine',
  /** The deals board and its sidebar badge (services/deals). */
  deals: 'deals',
} as const;
export type RealtimeQueryKey = (typeof REALTIME_QUERY_KEYS)[keyof typeof REALTIME_QUERY_KEYS];
export const realtimeQueryKeySchema = z.enum([
  REALTIME_QUERY_KEYS.comingSoon,
  REALTIME_QUERY_KEYS.signup,
  REALTIME_QUERY_KEYS.notifications,
  REALTIME_QUERY_KEYS.features,
  REALTIME_QUERY_KEYS.conversations,
  REALTIME_QUERY_KEYS.messagesUnread,
  REALTIME_QUERY_KEYS.messages,
  REALTIME_QUERY_KEYS.billing,
  REALTIME_QUERY_KEYS.profile,
  REALTIME_QUERY_KEYS.deals,
]);

/** The codes of `error` frames: a frame the server cannot take, a bad ticket, a failure of ours. */
export const REALTIME_ERROR_CODES = ['INVALID_FRAME', 'INVALID_TICKET', 'INTERNAL_ERROR'] as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];

export const serverFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('invalidate'),
    topic: realtimeTopicSchema,
    keys: z.array(realtimeQueryKeySchema),
  }),
  z.object({ type: z.literal('subscribed') }),
  z.object({ type: z.literal('pong') }),
  /**
   * A message in one of the user's conversations (sent by the partner or by the user on
   * another tab): the thread appends it by seq; a gap in seq means one was missed, so the
   * thread catches up over HTTP.
   */
  z.object({ type: z.literal('message'), message: messageSchema }),
  /** The answer to a frame that is not valid for its route; the connection stays open. */
  z.object({ type: z.literal('error'), code: z.enum(REALTIME_ERROR_CODES), message: z.string() }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
/** The kinds of frame the server sends. */
export type ServerFrameType = ServerFrame['type'];

/** API Gateway refuses frames over 32 KB; pushes stay under it. */
export const REALTIME_FRAME_MAX_BYTES = 32 * 1024;

/** A ticket is 32 random bytes, base64url. */
export const REALTIME_TICKET_LENGTH = 43;

export const clientFrameSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ping') }),
  z.object({
    action: z.literal('subscribe'),
    ticket: z.string().check(z.length(REALTIME_TICKET_LENGTH)),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
/** The kinds of frame a browser sends (API Gateway's route selection reads `action`). */
export type ClientFrameAction = ClientFrame['action'];

/** How long a ticket stays usable: long enough to open a socket, short enough not to matter if leaked. */
export const REALTIME_TICKET_TTL_SECONDS = 60;

/** A one-time ticket that binds one WebSocket connection to the signed-in user. */
export const createRealtimeTicket = defineContract({
  id: 'realtime.ticket',
  method: 'POST',
  path: '/api/realtime/tickets',
  auth: 'user',
  // A ticket to listen with: while impersonating, opening any screen is not a change to audit.
  kind: 'plumbing',
  response: z.object({ ticket: z.string(), expiresAt: z.string() }),
});

export const realtimeContracts = [createRealtimeTicket] as const;
