import type { RATING_DIRECTIONS } from '@sneakers/shared';

/**
 * The first elements are what the realtime frames name: a message sent or read pushes
 * `invalidate` ['conversations', 'messages-unread'], an oversized push ['conversations', 'messages'].
 */
export const messagingKeys = {
  conversations: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  one: (id: string) => ['conversations', 'one', id] as const,
  threads: ['messages'] as const,
  thread: (conversationId: string) => ['messages', conversationId] as const,
  unread: ['messages-unread'] as const,
  ratings: ['ratings'] as const,
  ratingList: (direction: RatingDirection) => ['ratings', direction] as const,
  partners: ['ratings', 'partners'] as const,
  userRating: (userId: string) => ['user-rating', userId] as const,
};

/**
 * Refetched whenever the signed-in user's socket (re)subscribes: pushes may have been missed
 * meanwhile. An open thread's refetch asks only for the messages after its last one.
 */
export const MESSAGING_REALTIME_KEYS = ['conversations', 'messages-unread', 'messages'] as const;

export type RatingDirection = (typeof RATING_DIRECTIONS)[number];
