import type { EmailKind } from '@sneakers/shared/contracts/profile-values';
import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import type { Recipient } from '../../inbox/ports';
import type { EmailType, Language } from '../index';
import type { EmailsDeps } from '../ports';

/**
 * Email delivery, idempotent because EventBridge delivers at least once
 * (docs/product/notifications-and-emails.md#send-once): each email is claimed under
 * `eventId#type#recipient` before it is sent and marked sent after.
 */

/** A claim older than this is considered abandoned (the sender crashed) and may be retaken. */
export const EMAIL_CLAIM_MS = 60_000;

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
  deps: EmailsDeps,
  key: string,
  email: OutgoingEmail,
  trackUsage: boolean,
): Promise<'sent' | 'skipped'> {
  const claim = await deps.emails.claimEmail(key, deps.clock.now(), trackUsage);
  if (claim === 'sent') return 'skipped';
  if (claim === 'busy') throw new EmailInFlightError(key);
  try {
    await deps.mailer.send(email);
  } catch (error) {
    await deps.emails.releaseEmail(key);
    throw error;
  }
  await deps.emails.completeEmail(key, deps.clock.now());
  return 'sent';
}

/** The recipient's profile and language; English for a user without a profile. */
export async function recipientOf(
  deps: EmailsDeps,
  userId: string,
): Promise<{ recipient: Recipient | null; language: Language }> {
  const recipient = await deps.inbox.getRecipient(userId);
  return { recipient, language: recipient?.language ?? 'en' };
}

/** The kind each email to a user belongs to, as Settings lets the user turn it off. */
export const EMAIL_KIND_OF = new Map<EmailType, EmailKind>([
  ['offer_received', 'offers'],
  ['offer_received_unified', 'offers'],
  ['offer_updated', 'offer_updates'],
  ['message_received', 'messages'],
]);

/**
 * Where the recipient's email of `type` goes, or null when it must not be sent: no profile,
 * no contact email, notifications off, or that kind turned off skips the email silently
 * (docs/product/notifications-and-emails.md#skipping-rules).
 */
export function emailAddressOf(recipient: Recipient | null, type: EmailType): string | null {
  const to = recipient?.contactEmail?.trim();
  if (!recipient || !to || !recipient.emailNotifications) return null;
  const kind = EMAIL_KIND_OF.get(type);
  return kind && recipient.mutedEmails.includes(kind) ? null : to;
}

/**
 * Where an account email goes whatever the recipient's preferences: only a missing profile or
 * contact email skips it. Billing emails are such (the trial's end, a failed payment, a
 * receipt): they are about the user's money and their access to their own data, not activity
 * in the product, so `emailNotifications` and the muted kinds do not silence them
 * (docs/product/notifications-and-emails.md#billing-emails).
 */
export function accountAddressOf(recipient: Recipient | null): string | null {
  return recipient?.contactEmail?.trim() || null;
}
