import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * The billing service's events (services/billing), each written by the webhook that caused
 * it in the same transaction (outbox), so an email and an in-app notification follow every
 * transition exactly as often as the provider's event was applied: once.
 */

const STATUSES = ['trial', 'active', 'past_due', 'canceled'] as const;

/**
 * Why the status or plan changed: the notifications service picks the email and the in-app
 * notification by it (docs/product/notifications-and-emails.md#billing-emails).
 */
export const SUBSCRIPTION_CHANGE_REASONS = [
  'trial_started',
  'trial_ended',
  'activated',
  'payment_failed',
  'payment_recovered',
  'cancel_scheduled',
  'cancel_undone',
  'canceled',
  'plan_changed',
  'trial_extended',
] as const;
export type SubscriptionChangeReason = (typeof SUBSCRIPTION_CHANGE_REASONS)[number];

export const subscriptionChanged = defineEvent({
  detailType: 'Billing.SubscriptionChanged',
  version: 1,
  domain: 'billing',
  data: z.object({
    userId: z.string(),
    reason: z.enum(SUBSCRIPTION_CHANGE_REASONS),
    previousStatus: z.nullable(z.enum(STATUSES)),
    status: z.enum(STATUSES),
    plan: z.enum(['store', 'reseller']),
    /** Integer cents a month, EUR. */
    amount: z.number(),
    trialEndsAt: z.string(),
    currentPeriodEnd: z.nullable(z.string()),
    cancelAtPeriodEnd: z.boolean(),
  }),
});

/** The provider's notice, 3 days before a trial ends (`customer.subscription.trial_will_end`). */
export const trialEnding = defineEvent({
  detailType: 'Billing.TrialEnding',
  version: 1,
  domain: 'billing',
  data: z.object({
    userId: z.string(),
    trialEndsAt: z.string(),
    plan: z.enum(['store', 'reseller']),
    amount: z.number(),
    hasPaymentMethod: z.boolean(),
  }),
});

/** A payment failed (`invoice.payment_failed`); the provider retries at `nextAttemptAt`. */
export const paymentFailed = defineEvent({
  detailType: 'Billing.PaymentFailed',
  version: 1,
  domain: 'billing',
  data: z.object({
    userId: z.string(),
    invoiceId: z.string(),
    amount: z.number(),
    currency: z.string(),
    nextAttemptAt: z.nullable(z.string()),
    hostedInvoiceUrl: z.nullable(z.string()),
  }),
});

/** An invoice was paid (`invoice.paid`): the receipt email links its PDF. */
export const invoicePaid = defineEvent({
  detailType: 'Billing.InvoicePaid',
  version: 1,
  domain: 'billing',
  data: z.object({
    userId: z.string(),
    invoiceId: z.string(),
    number: z.nullable(z.string()),
    amount: z.number(),
    currency: z.string(),
    pdfUrl: z.nullable(z.string()),
    hostedInvoiceUrl: z.nullable(z.string()),
  }),
});

/**
 * A Checkout Session in payment mode was paid (the provider's `checkout.session.completed`
 * with `payment_status: paid`), written by the billing webhook in the transaction that marks
 * the provider's event applied: once per session. `purpose` and `reference` come from the
 * session's metadata (the storefront sets `storefront` and its checkout id); billing does not
 * interpret them, the service that created the session does.
 */
export const checkoutPaid = defineEvent({
  detailType: 'Billing.CheckoutPaid',
  version: 1,
  domain: 'billing',
  data: z.object({
    sessionId: z.string(),
    purpose: z.string(),
    reference: z.string(),
    /** The metadata's `storeUserId` (empty when absent). */
    storeUserId: z.string(),
    amountTotal: z.int(),
    currency: z.string(),
    paymentIntentId: z.nullable(z.string()),
    paidAt: z.string(),
  }),
});

/** A payment-mode Checkout Session expired unpaid (`checkout.session.expired`): once per session. */
export const checkoutExpired = defineEvent({
  detailType: 'Billing.CheckoutExpired',
  version: 1,
  domain: 'billing',
  data: z.object({
    sessionId: z.string(),
    purpose: z.string(),
    reference: z.string(),
    storeUserId: z.string(),
    expiredAt: z.string(),
  }),
});
