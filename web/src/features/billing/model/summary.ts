import { PLAN_PRICES, type UserProfile } from '@sneakers/shared';
import type { BillingPaymentMethod, BillingSummary } from '@sneakers/shared/contracts/billing';
import { subscriptionAccess } from '@sneakers/shared/rules/subscription';

/**
 * The summary a profile alone can tell (the demo store when the billing read fails): its
 * status, trial and plan price, and nothing the provider knows (no card, no invoice).
 */
export function summaryFromProfile(profile: UserProfile, now: Date): BillingSummary {
  const access = subscriptionAccess(
    {
      status: profile.subscriptionStatus,
      trialEndsAt: profile.trialEndsAt,
      pastDueSince: profile.pastDueSince,
    },
    now,
  );
  const price = PLAN_PRICES[profile.role];
  return {
    status: profile.subscriptionStatus,
    subscriptionPlan: profile.subscriptionPlan,
    plan: profile.role,
    price: { amount: price.amount, currency: price.currency, interval: 'month' },
    trialEndsAt: profile.trialEndsAt,
    trialDaysLeft: access.trialDaysLeft,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    nextInvoice: null,
    paymentMethod: null,
    pastDueSince: profile.pastDueSince ?? null,
    graceEndsAt: access.graceEndsAt,
    canWrite: access.canWrite,
    banner: access.banner,
    hasBillingAccount: false,
  };
}

/** Integer cents in the reader's language: 4999 EUR → "€49.99" (en), "49,99 €" (es). */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

export function formatDate(iso: string, locale: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(time);
}

/** "Visa", "Mastercard": the provider's brand ids are lower case (visa, mastercard, amex). */
export function brandName(method: BillingPaymentMethod): string {
  const names: ReadonlyMap<string, string> = new Map([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['amex', 'American Express'],
    ['discover', 'Discover'],
    ['diners', 'Diners Club'],
    ['jcb', 'JCB'],
    ['unionpay', 'UnionPay'],
  ]);
  return names.get(method.brand) ?? method.brand.charAt(0).toUpperCase() + method.brand.slice(1);
}

/**
 * The section's buttons (docs/product/billing.md#buttons): a canceled account, or one the
 * provider does not know yet, chooses a plan at Checkout; a trial without a card adds one in
 * the portal; a past-due account updates its card there; everyone the provider knows can
 * manage billing in the portal.
 */
export type BillingAction = 'choosePlan' | 'addCard' | 'updateCard' | 'manage';

export function billingActions(summary: BillingSummary): BillingAction[] {
  if (summary.status === 'canceled' || !summary.hasBillingAccount)
    return summary.hasBillingAccount ? ['choosePlan', 'manage'] : ['choosePlan'];
  if (summary.status === 'past_due') return ['updateCard', 'manage'];
  if (summary.status === 'trial' && !summary.paymentMethod) return ['addCard', 'manage'];
  return ['manage'];
}
