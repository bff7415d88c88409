import * as z from 'zod/mini';
import { defineEvent } from './define-event';

const listType = z.enum(['wtb', 'wtc']);
const status = z.enum(['pending', 'countered', 'accepted', 'declined', 'withdrawn', 'expired']);

/** An offer (signed-in: one or more rows, one per item and size; anonymous: one row) was made. */
export const offerReceived = defineEvent({
  detailType: 'Offer.Received',
  version: 1,
  domain: 'offers',
  data: z.object({
    offerIds: z.array(z.string()),
    receiverUserId: z.string(),
    senderName: z.string(),
    itemsCount: z.int(),
    listType,
    anonymous: z.boolean(),
  }),
});

/** A party changed an offer's status; `notifyUserId` is the other party. */
export const offerUpdated = defineEvent({
  detailType: 'Offer.Updated',
  version: 1,
  domain: 'offers',
  data: z.object({
    offerId: z.string(),
    status,
    counterPrice: z.nullable(z.int()),
    currency: z.string(),
    itemName: z.string(),
    actorName: z.string(),
    notifyUserId: z.string(),
  }),
});
