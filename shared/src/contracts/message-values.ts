import * as z from 'zod/mini';

/**
 * What both the messaging contracts and the realtime frames need, apart from the contracts
 * themselves: the realtime function and the landing page's socket import only this.
 */

/** A message's longest content: with JSON escaping it stays far below a 32 KB WebSocket frame. */
export const MESSAGE_MAX_LENGTH = 4000;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** Server order within the conversation: 1, 2, 3 ... without gaps. */
  seq: z.int(),
  senderUserId: z.string(),
  senderName: z.string(),
  content: z.string(),
  /** The sender's id for this send: a retry with the same one returns this message. */
  clientMessageId: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;
