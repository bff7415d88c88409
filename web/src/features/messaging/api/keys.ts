import { REALTIME_QUERY_KEYS, type RATING_DIRECTIONS, type RealtimeQueryKey } from '@sneakers/shared';

const { conversations, messages, messagesUnread } = REALTIME_QUERY_KEYS;

/**
 * The first elements are what the realtime frames name: a message sent or read pushes
 * `invalidate` ['conversations', 'messages-unread'], an oversized push ['conversations', 'messages'].
 */
export const messagingKeys = {
  conversations: [conversations] as const,
  list: [conversations, 'list'] as const,
  one: (id: string) => [conversations, 'one', id] as const,
  threads: [messages] as const,
  thread: (conversationId: string) => [messages, conversationId] as const,
  unread: [messagesUnread] as const,
  ratings: ['ratings'] as const,
  ratingList: (direction: RatingDirection) => ['ratings', direction] as const,
  partners: ['ratings', 'partners'] as const,
  userRating: (userId: string) => ['user-rating', userId] as const,
};

/**
 * Refetched whenever the signed-in user's socket (re)subscribes: pushes may have been missed
 * meanwhile. An open thread's refetch asks only for the messages after its last one.
 */
export const MESSAGING_REALTIME_KEYS: readonly RealtimeQueryKey[] = [conversations, messagesUnread, messages];

export type RatingDirection = (typeof RATING_DIRECTIONS)[number];
