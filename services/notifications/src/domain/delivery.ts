import { createHash } from 'node:crypto';
import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { ulid } from '@sneakers/shared/ids';
import { buildEvent, notificationAdded, notificationRead as notificationReadEvent } from '@sneakers/events';
import type { EmailType, Language, Message } from '../emails';
import type { NotificationRecord, NotificationsDeps, NotificationType, Recipient } from './ports';

/**
 * Delivery, idempotent because EventBridge delivers at least once: the notification id
 * derives from the event id and recipient (a conditional create), and each email is
 * claimed under `eventId#type#recipient` before it is sent and marked sent after.
 */

/** A claim older than this is considered abandoned (the sender crashed) and may be retaken. */
export const EMAIL_CLAIM_MS = 60_000;

/** Deterministic and time-sortable: a ULID of the event time with randomness from eventId+recipient. */
export function notificationId(eventId: string, recipientUserId: string, occurredAt: string): string {
  const seed = createHash('sha256').update(`${eventId}\u0000${recipientUserId}`).digest().subarray(0, 10);
  return ulid(Date.parse(occurredAt), seed);
}

export function sendKey(eventId: string, type: EmailType, recipient: string): string {
  return `${eventId}#${type}#${recipient}`;
}

/**
 * Another delivery of the same event holds the email's claim: it may still be sending, or
 * it crashed mid-send. Throwing makes the bus retry this delivery later, when the email is
 * either sent (the retry skips it) or its claim is older than EMAIL_CLAIM_MS (the retry
 * retakes it); skipping instead would lose the email whenever the holder crashed.
 */
export class EmailInFlightError extends Error {
  constructor(key: string) {
    super(`Email ${key} is being sent by another delivery; retry later.`);
    this.name = 'EmailInFlightError';
  }
}

/**
 * Sends once per send key: 'skipped' when it was already sent. A failed send releases the
 * claim and throws, so the bus retries (the change that caused the event stays committed).
 */
export async function sendOnce(
  deps: NotificationsDeps,
  key: string,
  email: OutgoingEmail,
  trackUsage: boolean,
): Promise<'sent' | 'skipped'> {
  const claim = await deps.repo.claimEmail(key, deps.clock.now(), trackUsage);
  if (claim === 'sent') return 'skipped';
  if (claim === 'busy') throw new EmailInFlightError(key);
  try {
    await deps.mailer.send(email);
  } catch (error) {
    await deps.repo.releaseEmail(key);
    throw error;
  }
  await deps.repo.completeEmail(key, deps.clock.now());
  return 'sent';
}

/** The recipient's profile and language; English for a user without a profile. */
export async function recipientOf(
  deps: NotificationsDeps,
  userId: string,
): Promise<{ recipient: Recipient | null; language: Language }> {
  const recipient = await deps.repo.getRecipient(userId);
  return { recipient, language: recipient?.language ?? 'en' };
}

/**
 * Where the recipient's email goes, or null when it must not be sent: spec section 8, no
 * profile, no contact email or notifications off skips the email silently.
 */
export function emailAddressOf(recipient: Recipient | null): string | null {
  const to = recipient?.contactEmail?.trim();
  return recipient && to && recipient.emailNotifications ? to : null;
}

/** A notification's text in every supported language, from one template. */
export function renderTexts(render: (language: Language) => Message): Record<Language, Message> {
  // Spelled out so that adding a language to LANGUAGES fails to compile here until it is rendered.
  return { en: render('en'), es: render('es') };
}

/**
 * Adds the in-app notification of an event (a redelivery finds it there and adds nothing),
 * and publishes Notification.Added with it, so the recipient's open browsers refetch.
 *
 * `message` is the template: rendered in every supported language and stored, so the list
 * answers in whichever language the reader's UI is in. A ready `Message` (one language) is
 * still accepted and is then all the notification has. `language` is the recipient's, for
 * the record's own title and body (what readers without `texts` show).
 */
export async function addNotification(
  deps: NotificationsDeps,
  input: {
    eventId: string;
    occurredAt: string;
    recipientUserId: string;
    type: NotificationType;
    message: Message | ((language: Language) => Message);
    language?: Language;
    link: string;
  },
): Promise<void> {
  const language = input.language ?? 'en';
  let texts: Record<Language, Message> | null = null;
  let own: Message;
  if (typeof input.message === 'function') {
    texts = renderTexts(input.message);
    own = texts[language];
  } else own = input.message;
  const id = notificationId(input.eventId, input.recipientUserId, input.occurredAt);
  const record: NotificationRecord = {
    id,
    recipientUserId: input.recipientUserId,
    eventId: input.eventId,
    type: input.type,
    title: own.title,
    body: own.body,
    texts,
    link: input.link,
    read: false,
    createdAt: input.occurredAt,
  };
  await deps.repo.add(record, inboxEvent('added', id, input.recipientUserId, deps.clock.now()));
}

/**
 * The inbox event of one change. Its id derives from the notification (a notification is
 * added once and turns read once), so the outbox never holds two events for one change.
 */
export function inboxEvent(
  change: 'added' | 'read',
  notificationId: string,
  recipientUserId: string,
  now: Date,
) {
  return buildEvent(
    change === 'added' ? notificationAdded : notificationReadEvent,
    { notificationId, recipientUserId },
    { eventId: `${notificationId}.${change}`, occurredAt: now.toISOString() },
  );
}
