import * as z from 'zod/mini';

/**
 * Frames pushed over the WebSocket API. `invalidate` tells the SPA which query keys to
 * refetch (the spec's "realtime on all changes triggers refetch").
 */
export const REALTIME_TOPICS = ['settings'] as const;
export const realtimeTopicSchema = z.enum(REALTIME_TOPICS);
export type RealtimeTopic = z.infer<typeof realtimeTopicSchema>;

export const serverFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invalidate'), topic: realtimeTopicSchema, keys: z.array(z.string()) }),
  z.object({ type: z.literal('pong') }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

export const clientFrameSchema = z.discriminatedUnion('action', [z.object({ action: z.literal('ping') })]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
