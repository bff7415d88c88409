import type { offerReceived, offerUpdated } from '@sneakers/events';
import {
  appLink,
  offerEmail,
  offerReceivedMessage,
  offerUpdatedMessage,
  type EmailType,
  type Language,
  type Message,
} from '../emails';
import { addNotification, emailAddressOf, recipientOf, sendKey, sendOnce } from './delivery';
import type { DetailOf, NotificationsDeps, NotificationType } from './ports';

/** Offer events (spec section 8): an in-app notification and an email to the other party. */
export const OFFERS_LINK = '/dashboard/offers';

async function notifyAndEmail(
  deps: NotificationsDeps,
  input: {
    eventId: string;
    occurredAt: string;
    recipientUserId: string;
    type: NotificationType;
    emailType: EmailType;
    trackUsage: boolean;
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
    message,
    link: OFFERS_LINK,
  });
  const to = emailAddressOf(recipient);
  if (!to) return;
  await sendOnce(
    deps,
    sendKey(input.eventId, input.emailType, input.recipientUserId),
    offerEmail(to, message, language, appLink(deps.appUrl, OFFERS_LINK)),
    input.trackUsage,
  );
}

/** Offer.Received → the list owner: offer_received, or offer_received_unified for 2+ items. */
export async function onOfferReceived(
  deps: NotificationsDeps,
  event: DetailOf<typeof offerReceived>,
): Promise<void> {
  const { data } = event;
  await notifyAndEmail(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.receiverUserId,
    type: 'offer_received',
    emailType: data.itemsCount > 1 ? 'offer_received_unified' : 'offer_received',
    trackUsage: true,
    message: (language) => offerReceivedMessage(language, data),
  });
}

/** Offer.Updated → the other party: offer_updated, not counted towards usage (spec section 9). */
export async function onOfferUpdated(
  deps: NotificationsDeps,
  event: DetailOf<typeof offerUpdated>,
): Promise<void> {
  const { data } = event;
  await notifyAndEmail(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.notifyUserId,
    type: 'offer_updated',
    emailType: 'offer_updated',
    trackUsage: false,
    message: (language) => offerUpdatedMessage(language, data),
  });
}
