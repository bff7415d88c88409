import { i18n } from '../i18n';
import { isSubscriptionRequired } from '../lib/billing/subscription-required';

/** One toast however many writes a read-only account tried (docs/product/billing.md#read-only). */
export const SUBSCRIPTION_TOAST_ID = 'subscription-required';

/**
 * Told of every failed API call (lib/api.tsx `onError`): a 402 SUBSCRIPTION_REQUIRED shows the
 * server's message with "Choose a plan", which opens the billing section. Any screen's write
 * can meet it, so it is raised here once rather than by each screen.
 */
export function reportSubscriptionRequired(error: unknown, openBilling: () => void): void {
  if (!isSubscriptionRequired(error)) return;
  // The server speaks English; the same message in the reader's language (en: the server's own words).
  const message = i18n.t('subscriptionRequired.message', { defaultValue: error.message });
  // sonner loads on demand: the share shell's first paint does not wait for it.
  void import('sonner').then(({ toast }) =>
    toast.error(message, {
      id: SUBSCRIPTION_TOAST_ID,
      duration: 10_000,
      action: { label: i18n.t('subscriptionRequired.choosePlan'), onClick: openBilling },
    }),
  );
}
