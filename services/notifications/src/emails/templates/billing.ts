import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { t, type Language } from '../catalogue';
import { detailsEmail, money, type EmailAction, type Message } from './layout';
import { trialEndDate as longDate } from './welcome';

/**
 * Billing emails and in-app notifications (docs/product/notifications-and-emails.md#billing-emails):
 * one per subscription change the user must know about, the trial-ending notice, a failed
 * payment and the receipt of a paid invoice. Written as the product to its own customer.
 */
export type BillingEmailType =
  | 'billing_trial_ending'
  | 'billing_trial_ended'
  | 'billing_activated'
  | 'billing_payment_failed'
  | 'billing_payment_recovered'
  | 'billing_cancel_scheduled'
  | 'billing_cancel_undone'
  | 'billing_canceled'
  | 'billing_plan_changed'
  | 'billing_trial_extended'
  | 'billing_receipt';

export type BillingPlanName = 'store' | 'reseller';

/** Who the email goes to: the profile's contact email, language and business name. */
export interface BillingRecipient {
  to: string;
  language: Language;
  name: string;
}

/** What a subscription change says (Billing.SubscriptionChanged's data, events/src/billing.ts). */
export interface SubscriptionCopy {
  plan: BillingPlanName;
  /** Integer cents a month, EUR. */
  amount: number;
  trialEndsAt: string;
  currentPeriodEnd: string | null;
}

/** Billing.TrialEnding's data, with the whole days left when it was sent. */
export interface TrialEndingCopy {
  plan: BillingPlanName;
  amount: number;
  trialEndsAt: string;
  hasPaymentMethod: boolean;
  daysLeft: number;
}

/** Billing.PaymentFailed's data. */
export interface PaymentFailedCopy {
  amount: number;
  currency: string;
  nextAttemptAt: string | null;
  hostedInvoiceUrl: string | null;
  /** How long a past-due account keeps writing (PAST_DUE_GRACE_DAYS). */
  graceDays: number;
}

/** Billing.InvoicePaid's data. */
export interface ReceiptCopy {
  amount: number;
  currency: string;
  number: string | null;
  pdfUrl: string | null;
  hostedInvoiceUrl: string | null;
}

/**
 * The notices a subscription change can give, each with its catalogue section.
 * `payment_failed` is in-app only: its email comes from Billing.PaymentFailed, which has
 * the amount and the next attempt.
 */
export const SUBSCRIPTION_NOTICES = {
  trial_ended: 'trialEnded',
  activated: 'activated',
  payment_failed: 'paymentFailed',
  payment_recovered: 'paymentRecovered',
  cancel_scheduled: 'cancelScheduled',
  cancel_undone: 'cancelUndone',
  canceled: 'canceled',
  plan_changed: 'planChanged',
  trial_extended: 'trialExtended',
} as const;
export type SubscriptionNotice = keyof typeof SUBSCRIPTION_NOTICES;
export type SubscriptionEmailType = `billing_${Exclude<SubscriptionNotice, 'payment_failed'>}`;

/**
 * The notice of one change, or null for none. `trial_started` gives none: the welcome email
 * already says the trial started. A `canceled` straight from `trial` is the trial running
 * out without a card, so it reads as "your trial has ended" rather than "your subscription".
 */
export function subscriptionNoticeOf(change: {
  reason: SubscriptionNotice | 'trial_started';
  previousStatus: string | null;
}): SubscriptionNotice | null {
  if (change.reason === 'trial_started') return null;
  if (change.reason === 'canceled' && change.previousStatus === 'trial') return 'trial_ended';
  return change.reason;
}

/** The email of a notice; null when the notice is in-app only. */
export function subscriptionEmailTypeOf(notice: SubscriptionNotice): SubscriptionEmailType | null {
  return notice === 'payment_failed' ? null : `billing_${notice}`;
}

export function planName(language: Language, plan: BillingPlanName): string {
  return t(language, `billing.plans.${plan}`);
}

/** '€49.99 / month' (EUR, the plans' only currency). */
export function planPrice(language: Language, amount: number): string {
  return t(language, 'billing.perMonth', { price: money(amount, 'EUR', language) });
}

/** The last day of access of a cancelled subscription: its paid period, or its trial. */
function accessEnd(copy: SubscriptionCopy): string {
  return copy.currentPeriodEnd ?? copy.trialEndsAt;
}

function hello(r: BillingRecipient): string {
  return t(r.language, 'common.hello', { name: r.name.trim() || r.to });
}

function action(language: Language, key: keyof typeof ACTION_KEYS, link: string): EmailAction {
  return { label: t(language, ACTION_KEYS[key]), link };
}

const ACTION_KEYS = {
  choosePlan: 'billing.actions.choosePlan',
  addCard: 'billing.actions.addCard',
  manageBilling: 'billing.actions.manageBilling',
  updateCard: 'billing.actions.updateCard',
  payInvoice: 'billing.actions.payInvoice',
  resume: 'billing.actions.resume',
  downloadInvoice: 'billing.actions.downloadInvoice',
  viewInvoice: 'billing.actions.viewInvoice',
} as const;

/** The in-app notification of a subscription change (title and body), linking the billing section. */
export function subscriptionMessage(
  language: Language,
  notice: SubscriptionNotice,
  copy: SubscriptionCopy,
): Message {
  const section = SUBSCRIPTION_NOTICES[notice];
  const params = {
    plan: planName(language, copy.plan),
    price: planPrice(language, copy.amount),
    date: longDate(notice === 'trial_extended' ? copy.trialEndsAt : accessEnd(copy), language),
  };
  // Shorter than those emails' subjects: the in-app list shows the title on one line.
  const title =
    notice === 'payment_failed'
      ? t(language, 'billing.paymentFailed.title')
      : notice === 'payment_recovered'
        ? t(language, 'billing.paymentRecovered.title')
        : t(language, `billing.${section}.subject`, params);
  return { title, body: t(language, `billing.${section}.notice`, params) };
}

/** The email of a subscription change: what changed, what it means, and the one thing to do. */
export function subscriptionEmail(
  type: SubscriptionEmailType,
  r: BillingRecipient,
  copy: SubscriptionCopy,
  billingLink: string,
): OutgoingEmail {
  const { language } = r;
  const plan = planName(language, copy.plan);
  const price = planPrice(language, copy.amount);
  const planRow = [t(language, 'billing.labels.plan'), plan] as const;
  const priceRow = [t(language, 'billing.labels.price'), price] as const;
  const renewalRow = copy.currentPeriodEnd
    ? [[t(language, 'billing.labels.nextRenewal'), longDate(copy.currentPeriodEnd, language)] as const]
    : [];
  const vat = t(language, 'billing.vatNote');
  const manage = action(language, 'manageBilling', billingLink);
  const base = { to: r.to, hello: hello(r), signature: t(language, 'billing.signature') };
  switch (type) {
    case 'billing_trial_ended':
      return detailsEmail({
        ...base,
        subject: t(language, 'billing.trialEnded.subject'),
        intro: t(language, 'billing.trialEnded.intro', { date: longDate(copy.trialEndsAt, language) }),
        details: [],
        after: [t(language, 'billing.trialEnded.next')],
        action: action(language, 'choosePlan', billingLink),
      });
    case 'billing_activated':
      return detailsEmail({
        ...base,
        subject: t(language, 'billing.activated.subject'),
        intro: t(language, 'billing.activated.intro', { plan }),
        details: [planRow, priceRow, ...renewalRow],
        after: [vat],
        action: manage,
      });
    case 'billing_payment_recovered':
      return detailsEmail({
        ...base,
        subject: t(language, 'billing.paymentRecovered.subject'),
        intro: t(language, 'billing.paymentRecovered.intro', { plan }),
        details: [planRow, ...renewalRow],
        action: manage,
      });
    case 'billing_cancel_scheduled': {
      const date = longDate(accessEnd(copy), language);
      return detailsEmail({
        ...base,
        subject: t(language, 'billing.cancelScheduled.subject', { date }),
        intro: t(language, 'billing.cancelScheduled.intro', { plan, date }),
        details: [planRow, [t(language, 'billing.labels.accessUntil'), date]],
        after: [t(language, 'billing.cancelScheduled.next')],
        action: action(language, 'resume', billingLink),
      });
    }
    case 'billing_cancel_undone':
      return detailsEmail({
        ...base,
        subject: t(language, 'billing.cancelUndone.subject'),
        intro: t(language, 'billing.cancelUndone.intro', { plan }),
        details: [planRow, priceRow, ...renewalRow],
        after: [vat],
        action: manage,
      });
    case 'billing_canceled':
      return detailsEmail({
        ...base,
        subject: t(language, 'billing.canceled.subject'),
        intro: t(language, 'billing.canceled.intro'),
        details: [],
        after: [t(language, 'billing.canceled.next')],
        action: action(language, 'choosePlan', billingLink),
      });
    case 'billing_plan_changed':
      return detailsEmail({
        ...base,
        subject: t(language, 'billing.planChanged.subject', { plan }),
        intro: t(language, 'billing.planChanged.intro', { plan, price }),
        details: [planRow, priceRow, ...renewalRow],
        after: [vat],
        action: manage,
      });
    case 'billing_trial_extended':
      return detailsEmail({
        ...base,
        subject: t(language, 'billing.trialExtended.subject'),
        intro: t(language, 'billing.trialExtended.intro', { date: longDate(copy.trialEndsAt, language) }),
        details: [[t(language, 'billing.labels.trialEnds'), longDate(copy.trialEndsAt, language)]],
        after: [t(language, 'billing.trialExtended.next')],
        action: manage,
      });
  }
}

/** The trial-ending notice in-app: the date and what happens then. */
export function trialEndingMessage(language: Language, copy: TrialEndingCopy): Message {
  const date = longDate(copy.trialEndsAt, language);
  const price = money(copy.amount, 'EUR', language);
  return {
    title: trialEndingSubject(language, copy.daysLeft),
    body: copy.hasPaymentMethod
      ? t(language, 'billing.trialEnding.noticeWithCard', { date, price })
      : t(language, 'billing.trialEnding.noticeNoCard', { date }),
  };
}

function trialEndingSubject(language: Language, daysLeft: number): string {
  const count = Math.max(1, daysLeft);
  return count === 1
    ? t(language, 'billing.trialEnding.subjectOne')
    : t(language, 'billing.trialEnding.subjectMany', { count });
}

/**
 * billing_trial_ending, 3 days before the end: the date, the plan and its price, and either
 * "your card will be charged" (a card is on file) or "add a card to keep going".
 */
export function trialEndingEmail(
  r: BillingRecipient,
  copy: TrialEndingCopy,
  billingLink: string,
): OutgoingEmail {
  const { language } = r;
  const date = longDate(copy.trialEndsAt, language);
  const plan = planName(language, copy.plan);
  const price = money(copy.amount, 'EUR', language);
  return detailsEmail({
    to: r.to,
    subject: trialEndingSubject(language, copy.daysLeft),
    hello: hello(r),
    intro: t(language, 'billing.trialEnding.intro', { date }),
    details: [
      [t(language, 'billing.labels.plan'), plan],
      [t(language, 'billing.labels.price'), planPrice(language, copy.amount)],
      [t(language, 'billing.labels.trialEnds'), date],
    ],
    after: [
      copy.hasPaymentMethod
        ? t(language, 'billing.trialEnding.withCard', { date, price, plan })
        : t(language, 'billing.trialEnding.noCard'),
      t(language, 'billing.vatNote'),
    ],
    action: action(language, copy.hasPaymentMethod ? 'manageBilling' : 'addCard', billingLink),
    signature: t(language, 'billing.signature'),
  });
}

/**
 * billing_payment_failed: the amount, when the provider tries again (or that it will not),
 * "Update your card" (the billing section opens the portal) and the provider's page to pay
 * this invoice at once, when there is one.
 */
export function paymentFailedEmail(
  r: BillingRecipient,
  copy: PaymentFailedCopy,
  billingLink: string,
): OutgoingEmail {
  const { language } = r;
  const amount = money(copy.amount, copy.currency.toUpperCase(), language);
  const next = copy.nextAttemptAt ? longDate(copy.nextAttemptAt, language) : null;
  return detailsEmail({
    to: r.to,
    subject: t(language, 'billing.paymentFailed.subject', { amount }),
    hello: hello(r),
    intro: t(language, 'billing.paymentFailed.intro', { amount }),
    details: [
      [t(language, 'billing.labels.amount'), amount],
      ...(next ? [[t(language, 'billing.labels.nextAttempt'), next] as const] : []),
    ],
    after: [
      next
        ? t(language, 'billing.paymentFailed.retry', { date: next, days: copy.graceDays })
        : t(language, 'billing.paymentFailed.final'),
    ],
    action: action(language, 'updateCard', billingLink),
    moreActions: copy.hostedInvoiceUrl ? [action(language, 'payInvoice', copy.hostedInvoiceUrl)] : [],
    signature: t(language, 'billing.signature'),
  });
}

/** billing_receipt: the amount, the invoice number and its PDF (else the provider's invoice page). */
export function receiptEmail(r: BillingRecipient, copy: ReceiptCopy, billingLink: string): OutgoingEmail {
  const { language } = r;
  const amount = money(copy.amount, copy.currency.toUpperCase(), language);
  const invoice = copy.pdfUrl
    ? [action(language, 'downloadInvoice', copy.pdfUrl)]
    : copy.hostedInvoiceUrl
      ? [action(language, 'viewInvoice', copy.hostedInvoiceUrl)]
      : [];
  const [first, ...rest] = [...invoice, action(language, 'manageBilling', billingLink)];
  return detailsEmail({
    to: r.to,
    subject: t(language, 'billing.receipt.subject', { amount }),
    hello: hello(r),
    intro: t(language, 'billing.receipt.intro'),
    details: [
      [t(language, 'billing.labels.amount'), amount],
      ...(copy.number ? [[t(language, 'billing.labels.invoiceNumber'), copy.number] as const] : []),
    ],
    after: [t(language, 'billing.vatNote')],
    ...(first ? { action: first } : {}),
    moreActions: rest,
    signature: t(language, 'billing.signature'),
  });
}
