import type { anonymousOfferAnswered, offerReceived, offerUpdated } from '@sneakers/events';
import {
  appLink,
  languageOf,
  offerAnsweredEmail,
  offerEmail,
  offerReceivedMessage,
  offerUpdatedMessage,
  type EmailType,
  type Language,
  type Message,
  type OfferEmailDetails,
} from '../index';
import { addNotification } from '../../inbox/domain';
import type { NewNotification } from '../../inbox/ports';
import { emailAddressOf, recipientOf, sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/**
 * Offer events (docs/product/notifications-and-emails.md#offer-emails): an in-app
 * notification and an email to the other party, both opening the offer itself; and the
 * answer to an anonymous sender, by email only.
 */
export const OFFERS_LINK = '/dashboard/offers';

/** The SPA's page of one offer (signed-in offers open their whole group there). */
export function offerLink(offerId: string, anonymous: boolean): string {
  const id = encodeURIComponent(offerId);
  return anonymous ? `${OFFERS_LINK}/anonymous/${id}` : `${OFFERS_LINK}/${id}`;
}

/** The anonymous sender's status page. */
export function offerStatusLink(token: string): string {
  return `/offer-status/${encodeURIComponent(token)}`;
}

async function notifyAndEmail(
  deps: EmailsDeps,
  input: Omit<NewNotification, 'message' | 'language'> & {
    emailType: EmailType;
    trackUsage: boolean;
    details: OfferEmailDetails;
    message: (language: Language) => Message;
  },
): Promise<void> {
  const { recipient, language } = await recipientOf(deps, input.recipientUserId);
  const message = input.message(language);
  await addNotification(deps, {
    eventId: input.eventId,
    occurredAt: input.occurredAt,
    recipientUserId: input.recipientUserId,
    type: input.type,
    // The template, not this one rendering: the notification is stored in every language.
    message: input.message,
    language,
    link: input.link,
  });
  const to = emailAddressOf(recipient, input.emailType);
  if (!to) return;
  await sendOnce(
    deps,
    sendKey(input.eventId, input.emailType, input.recipientUserId),
    offerEmail(to, message, language, appLink(deps.appUrl, input.link), input.details),
    input.trackUsage,
  );
}

/** Offer.Received → the list owner: offer_received, or offer_received_unified for 2+ items. */
export async function onOfferReceived(
  deps: EmailsDeps,
  event: DetailOf<typeof offerReceived>,
): Promise<void> {
  const { data } = event;
  const first = data.offerIds[0];
  await notifyAndEmail(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.receiverUserId,
    type: 'offer_received',
    emailType: data.itemsCount > 1 ? 'offer_received_unified' : 'offer_received',
    trackUsage: true,
    link: first ? offerLink(first, data.anonymous) : OFFERS_LINK,
    details: { lines: data.lines, currency: data.currency, message: data.message },
    message: (language) => offerReceivedMessage(language, data),
  });
}

/**
 * Offer.Updated → the other party: offer_updated, not counted towards usage
 * (docs/product/notifications-and-emails.md#usage-tracking).
 */
export async function onOfferUpdated(deps: EmailsDeps, event: DetailOf<typeof offerUpdated>): Promise<void> {
  const { data } = event;
  await notifyAndEmail(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.notifyUserId,
    type: 'offer_updated',
    emailType: 'offer_updated',
    trackUsage: false,
    link: offerLink(data.offerId, false),
    details: {
      lines: data.lines,
      currency: data.currency,
      counterPrice: data.status === 'countered' ? data.counterPrice : null,
      counterMessage: data.counterMessage,
      agreedPrice: data.agreedPrice,
    },
    message: (language) => offerUpdatedMessage(language, data),
  });
}

/**
 * Offer.AnonymousAnswered → the anonymous sender: offer_answered in the language they wrote
 * in, with their status link; sent once per event. No in-app notification (no account).
 */
export async function onAnonymousOfferAnswered(
  deps: EmailsDeps,
  event: DetailOf<typeof anonymousOfferAnswered>,
): Promise<void> {
  const { data } = event;
  if (!data.senderEmail.trim()) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'offer_answered', 'sender'),
    offerAnsweredEmail(
      { ...data, language: languageOf(data.language) },
      appLink(deps.appUrl, offerStatusLink(data.statusToken)),
    ),
    false,
  );
}
