import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { subscriptionAccess, type SubscriptionState } from '@sneakers/shared/rules/subscription';
import { BILLING_PATH } from '../../../lib/billing/subscription-required';
import { buttonClass } from '../../../components/ui/button-styles';

export interface SubscriptionBannerProps {
  userId: string;
  /** The profile's subscription fields: the banner costs no request of its own. */
  state: SubscriptionState;
  now?: Date;
}

const DISMISSED_KEY = 'subscription-banner-dismissed';

function dismissedFor(key: string): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === key;
  } catch {
    return false;
  }
}

function rememberDismissed(key: string): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, key);
  } catch {
    // No session storage: dismissed until the next load.
  }
}

/**
 * The banner above every dashboard section (docs/product/billing.md#banners), from the same
 * rule the API's write check uses: trial ending (dismissible for the browser session), past
 * due, or read-only.
 */
export function SubscriptionBanner({ userId, state, now }: SubscriptionBannerProps) {
  const { t, i18n } = useTranslation();
  const access = subscriptionAccess(state, now ?? new Date());
  // Per user and trial end: an extended trial that is ending again asks again.
  const dismissKey = `${userId}:${state.trialEndsAt}`;
  const [dismissed, setDismissed] = useState(() => dismissedFor(dismissKey));
  if (!access.banner) return null;
  if (access.banner === 'trial_ending' && dismissed) return null;

  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' }).format(new Date(iso));
  const text =
    access.banner === 'trial_ending'
      ? t('subscriptionBanner.trialEnding', { count: access.trialDaysLeft })
      : access.banner === 'canceled'
        ? t('subscriptionBanner.canceled')
        : !access.canWrite
          ? t('subscriptionBanner.pastDueReadOnly')
          : access.graceEndsAt
            ? t('subscriptionBanner.pastDue', { date: date(access.graceEndsAt) })
            : t('subscriptionBanner.pastDueNoDate');
  const action =
    access.banner === 'trial_ending'
      ? t('subscriptionBanner.addCard')
      : access.banner === 'past_due'
        ? t('subscriptionBanner.updateCard')
        : t('subscriptionBanner.choosePlan');
  const tone =
    access.banner === 'trial_ending'
      ? 'border-orange-300 bg-orange-50 text-orange-950 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-100'
      : 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100';

  return (
    <div
      role="status"
      data-testid="subscription-banner"
      data-banner={access.banner}
      className={`mb-4 flex flex-col gap-3 rounded-lg border px-4 py-3 text-sm sm:flex-row sm:items-center ${tone}`}
    >
      <p className="flex-1 font-medium">{text}</p>
      <div className="flex items-center gap-2">
        <Link
          to={BILLING_PATH}
          data-testid="subscription-banner-action"
          className={buttonClass('default', 'sm')}
        >
          {action}
        </Link>
        {access.banner === 'trial_ending' ? (
          <button
            type="button"
            data-testid="subscription-banner-dismiss"
            aria-label={t('subscriptionBanner.dismiss')}
            onClick={() => {
              rememberDismissed(dismissKey);
              setDismissed(true);
            }}
            className="rounded-md p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-orange-500 dark:hover:bg-white/10"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
