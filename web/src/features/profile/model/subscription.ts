import { PLAN_PRICES, type Role, type UserProfile } from '@sneakers/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until the trial ends, never below 0 (docs/product/profile-and-settings.md#subscription-status). */
export function trialDaysLeft(trialEndsAt: string, now: Date = new Date()): number {
  const end = new Date(trialEndsAt).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/** The status line of the subscription card as an i18n key and its values. */
export function subscriptionLabel(
  status: UserProfile['subscriptionStatus'],
  daysLeft: number,
): { key: string; values?: { count: number } } {
  switch (status) {
    case 'trial':
      return { key: 'profile.subscription.status.trial', values: { count: Math.max(0, daysLeft) } };
    case 'active':
      return { key: 'profile.subscription.status.active' };
    case 'past_due':
      return { key: 'profile.subscription.status.pastDue' };
    case 'canceled':
      return { key: 'profile.subscription.status.canceled' };
  }
}

/** The monthly plan price of a role (49.99 EUR store, 4.99 EUR reseller), formatted with Intl. */
export function formatPlanPrice(role: Role, locale: string): string {
  const price = PLAN_PRICES[role];
  return new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency }).format(
    price.amount / 100,
  );
}

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}
