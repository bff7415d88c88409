import type { dealsDigestDue, dealsMatched } from '@sneakers/events';
import { appLink, dealsDigestEmail, dealsMatchedMessage } from '../index';
import { addNotification } from '../../inbox/domain';
import { emailAddressOf, recipientOf, sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/** The SPA's deals board. */
export const DEALS_LINK = '/dashboard/deals';

/**
 * Deals.Matched (new deals for one user, once per batch) → one in-app notification, in both
 * languages, linking to the board. No email: the daily digest collects them (the deals
 * service's schedule, Deals.DigestDue below).
 */
export async function onDealsMatched(deps: EmailsDeps, event: DetailOf<typeof dealsMatched>): Promise<void> {
  const { data } = event;
  const { language } = await recipientOf(deps, data.userId);
  await addNotification(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.userId,
    type: 'deal',
    message: (lang) => dealsMatchedMessage(lang, data),
    language,
    link: DEALS_LINK,
  });
}

/**
 * Deals.DigestDue (at most one a day per user: the deals service stamps `lastDigestAt` in the
 * same transaction) → the deals_digest email in the recipient's language, when their email
 * setting allows it; once per event (its id names the user and the day). Not counted as usage.
 */
export async function onDealsDigestDue(
  deps: EmailsDeps,
  event: DetailOf<typeof dealsDigestDue>,
): Promise<void> {
  const { data } = event;
  const { recipient, language } = await recipientOf(deps, data.userId);
  const to = emailAddressOf(recipient, 'deals_digest');
  if (!to) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'deals_digest', data.userId),
    dealsDigestEmail(
      { to, language, newDeals: data.newDeals, samples: data.samples },
      appLink(deps.appUrl, DEALS_LINK),
    ),
    false,
  );
}
