import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * Something that decides features changed (services/flags, written in the change's own
 * transaction through the outbox). `all`: a flag or rule, which can change anyone's
 * features; `user`: one user's grants or overrides. The realtime service tells the
 * affected open browsers to refetch their feature data.
 */
export const flagsChanged = defineEvent({
  detailType: 'Flags.Changed',
  version: 1,
  domain: 'flags',
  data: z.discriminatedUnion('scope', [
    z.object({ scope: z.literal('all') }),
    z.object({ scope: z.literal('user'), userId: z.string() }),
  ]),
});
