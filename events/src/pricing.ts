import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/** Written with the thing, in its create transaction (outbox); services/pricing consumes it. */
export const pricingThingCreated = defineEvent({
  detailType: 'PricingThing.Created',
  version: 1,
  domain: 'pricing',
  data: z.object({
    ownerUserId: z.string(),
    thingId: z.string(),
  }),
});
