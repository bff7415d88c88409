import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * New deals for one user (services/deals, docs/product/deals.md): written by the matcher in the
 * transaction that stores them (outbox), once per deal (a replayed stream record stores nothing
 * new, so announces nothing). Feeds the in-app notification and the daily email digest. Demo
 * deals announce nothing.
 */
export const dealsMatched = defineEvent({
  detailType: 'Deals.Matched',
  version: 1,
  domain: 'deals',
  data: z.object({
    userId: z.string(),
    /** How many deals this write added for the user (≥ 1). */
    newDeals: z.int(),
    /** The first few (≤ 10) of them, for the notification's text: product name and partner. */
    samples: z.array(z.object({ dealId: z.string(), productName: z.string(), partnerName: z.string() })),
  }),
});

/**
 * One user's deals moved (new, changed or gone; services/deals): written by the matcher with
 * what it changed, so the realtime service tells that user's open tabs to refetch the board
 * and its badge (topic `deals`). Demo users' too: their board is live like anyone's.
 */
export const dealsChanged = defineEvent({
  detailType: 'Deals.Changed',
  version: 1,
  domain: 'deals',
  data: z.object({ userId: z.string() }),
});

/**
 * One user's daily deals digest is due (services/deals, docs/product/deals.md#notifications-and-the-daily-digest):
 * written by the digest schedule in the transaction that stamps the user's `lastDigestAt`
 * (outbox), so at most once a day per user; the notifications service sends the email. Its
 * event id is `deals-digest.{userId}.{day}`, so the email's send key is once per user and day.
 */
export const dealsDigestDue = defineEvent({
  detailType: 'Deals.DigestDue',
  version: 1,
  domain: 'deals',
  data: z.object({
    userId: z.string(),
    /** The UTC day (YYYY-MM-DD) the digest was sent on. */
    day: z.string(),
    /** Deals matched for the user since the last digest (≥ 1). */
    newDeals: z.int(),
    /** The first few (≤ 10), for the email's list. */
    samples: z.array(z.object({ dealId: z.string(), productName: z.string(), partnerName: z.string() })),
  }),
});
