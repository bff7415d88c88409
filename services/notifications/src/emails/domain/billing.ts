import type { invoicePaid, paymentFailed, subscriptionChanged, trialEnding } from '@sneakers/events';
import { daysUntil, PAST_DUE_GRACE_DAYS } from '@sneakers/shared/rules/subscription';
import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import {
  appLink,
  paymentFailedEmail,
  receiptEmail,
  subscriptionEmail,
  subscriptionEmailTypeOf,
  subscriptionMessage,
  subscriptionNoticeOf,
  trialEndingEmail,
  trialEndingMessage,
  type BillingRecipient,
  type EmailType,
  type Language,
  type Message,
} from '../index';
import { addNotification } from '../../inbox/domain';
import { accountAddressOf, recipientOf, sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/**
 * The billing service's events (docs/product/notifications-and-emails.md#billing-emails): an
 * in-app notification for every subscription change and the trial-ending notice, and the
 * email each one calls for. Billing emails are account emails: they go whatever the email
 * preferences (`accountAddressOf`), in the profile's language, once per event (the send
 * key is the event's id), and are not counted as usage.
 */
export const BILLING_LINK = '/dashboard/billing';

interface BillingNotice {
  eventId: string;
  occurredAt: string;
  userId: string;
  /** Null: no in-app notification. */
  message: ((language: Language) => Message) | null;
  /** Null: no email. */
  email: { type: EmailType; render: (r: BillingRecipient, billingLink: string) => OutgoingEmail } | null;
}

async function notifyAndEmail(deps: EmailsDeps, notice: BillingNotice): Promise<void> {
  const { recipient, language } = await recipientOf(deps, notice.userId);
  if (notice.message)
    await addNotification(deps, {
      eventId: notice.eventId,
      occurredAt: notice.occurredAt,
      recipientUserId: notice.userId,
      type: 'billing',
      message: notice.message,
      language,
      link: BILLING_LINK,
    });
  const to = accountAddressOf(recipient);
  if (!notice.email || !to) return;
  const r: BillingRecipient = { to, language, name: recipient?.businessName ?? '' };
  await sendOnce(
    deps,
    sendKey(notice.eventId, notice.email.type, notice.userId),
    notice.email.render(r, appLink(deps.appUrl, BILLING_LINK)),
    false,
  );
}

/**
 * Billing.SubscriptionChanged → the change's in-app notification and email, picked by its
 * reason (`subscriptionNoticeOf`): none for trial_started; in-app only for payment_failed
 * (Billing.PaymentFailed sends that email, with the amount and the next attempt).
 */
export async function onSubscriptionChanged(
  deps: EmailsDeps,
  event: DetailOf<typeof subscriptionChanged>,
): Promise<void> {
  const { data } = event;
  const notice = subscriptionNoticeOf(data);
  if (!notice) return;
  const type = subscriptionEmailTypeOf(notice);
  await notifyAndEmail(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    userId: data.userId,
    message: (language) => subscriptionMessage(language, notice, data),
    email: type ? { type, render: (r, link) => subscriptionEmail(type, r, data, link) } : null,
  });
}

/** Billing.TrialEnding (3 days before the end) → billing_trial_ending and its in-app notice. */
export async function onTrialEnding(deps: EmailsDeps, event: DetailOf<typeof trialEnding>): Promise<void> {
  const { data } = event;
  // Counted from when the provider sent it, so a redelivery tells the same number of days.
  const copy = { ...data, daysLeft: daysUntil(data.trialEndsAt, new Date(event.occurredAt)) };
  await notifyAndEmail(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    userId: data.userId,
    message: (language) => trialEndingMessage(language, copy),
    email: { type: 'billing_trial_ending', render: (r, link) => trialEndingEmail(r, copy, link) },
  });
}

/**
 * Billing.PaymentFailed → billing_payment_failed, on every failed attempt (each tells the
 * next one, the last that there is none). The in-app notice comes with the status change.
 */
export async function onPaymentFailed(
  deps: EmailsDeps,
  event: DetailOf<typeof paymentFailed>,
): Promise<void> {
  const { data } = event;
  await notifyAndEmail(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    userId: data.userId,
    message: null,
    email: {
      type: 'billing_payment_failed',
      render: (r, link) => paymentFailedEmail(r, { ...data, graceDays: PAST_DUE_GRACE_DAYS }, link),
    },
  });
}

/**
 * Billing.InvoicePaid → billing_receipt with the invoice's PDF. A zero invoice (a trial's
 * first, nothing charged) has no receipt: nobody paid anything.
 */
export async function onInvoicePaid(deps: EmailsDeps, event: DetailOf<typeof invoicePaid>): Promise<void> {
  const { data } = event;
  if (data.amount <= 0) return;
  await notifyAndEmail(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    userId: data.userId,
    message: null,
    email: { type: 'billing_receipt', render: (r, link) => receiptEmail(r, data, link) },
  });
}
