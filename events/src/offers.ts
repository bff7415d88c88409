import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/** inventory or wts: an anonymous offer made on a storefront product page. */
const listType = z.enum(['wtb', 'wtc', 'inventory', 'wts']);
const status = z.enum(['pending', 'countered', 'accepted', 'declined', 'withdrawn', 'expired']);

/**
 * One offered line as the emails list it; `offeredPrice` is per pair. `status` and
 * `counterPrice` (per pair) are the line's own answer, carried by `Offer.Updated` so its email
 * shows the offer's agreed total; absent elsewhere and on older events.
 */
export const offerEventLine = z.object({
  itemName: z.string(),
  itemSku: z.string(),
  size: z.string(),
  quantity: z.int(),
  offeredPrice: z.int(),
  status: z._default(z.nullable(status), null),
  counterPrice: z._default(z.nullable(z.int()), null),
});

/**
 * An offer (signed-in: one or more rows, one per item and size; anonymous: one row) was
 * made. `lines`, `currency` and `message` came later: events written before them carry
 * none, and their emails simply list nothing.
 */
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
    lines: z._default(z.array(offerEventLine), []),
    currency: z._default(z.string(), 'EUR'),
    message: z._default(z.nullable(z.string()), null),
  }),
});

/**
 * A party changed an offer's status; `notifyUserId` is the other party. `lines`,
 * `counterMessage` and `agreedPrice` came later (absent on older events). `lines` is every
 * line of the offer (its group), each with its status and counter after this answer (older
 * events carry the answered line alone, without them).
 */
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
    lines: z._default(z.array(offerEventLine), []),
    counterMessage: z._default(z.nullable(z.string()), null),
    agreedPrice: z._default(z.nullable(z.int()), null),
  }),
});

/**
 * A store answered an anonymous offer: an email to the sender, who has no account, in the
 * language they wrote in, with the secret link to the offer's status page.
 */
export const anonymousOfferAnswered = defineEvent({
  detailType: 'Offer.AnonymousAnswered',
  version: 1,
  domain: 'offers',
  data: z.object({
    offerId: z.string(),
    storeUserId: z.string(),
    status,
    storeBusinessName: z.string(),
    senderName: z.string(),
    senderEmail: z.string(),
    language: z.enum(['en', 'es']),
    statusToken: z.string(),
    currency: z.string(),
    lines: z.array(offerEventLine),
    offeredTotal: z.int(),
    counterPrice: z.nullable(z.int()),
    counterMessage: z.nullable(z.string()),
    agreedPrice: z.nullable(z.int()),
  }),
});
