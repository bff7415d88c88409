import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/** Written with the thing, in its create transaction (outbox); services/deals consumes it. */
export const dealsThingCreated = defineEvent({
  detailType: 'DealsThing.Created',
  version: 1,
  domain: 'deals',
  data: z.object({
    ownerUserId: z.string(),
    thingId: z.string(),
  }),
});
