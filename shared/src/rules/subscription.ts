import type { SubscriptionStatus } from '../contracts/profile-values';

/**
 * What a subscription status allows (docs/product/billing.md#what-each-status-allows), written
 * once: the API's write check (shared/src/http/http-pipeline.ts, 402 SUBSCRIPTION_REQUIRED)
 * and the SPA's banners and "Choose a plan" both call `subscriptionAccess`, so they cannot
 * disagree. Pure: no clock of its own, no I/O.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A trial lasts 14 days from sign-up (docs/product/constants.md#accounts-and-plans). */
export const TRIAL_LENGTH_DAYS = 14;
/** The trial-ending email and banner come this many days before the trial ends. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;
/**
 * A past-due account keeps writing this many days after its first failed payment, while the
 * provider retries the card (its schedule: 3, 5 and 7 days after the failure; see
 * localstack/src/stripe). After that, until a payment goes through, it is read-only.
 */
export const PAST_DUE_GRACE_DAYS = 14;
/**
 * The provider's word on a trial's end arrives by webhook; a trial whose end passed longer
 * ago than this without one (the provider down, an account from before billing) is read-only
 * until a plan is chosen, so no account writes for free forever.
 */
export const TRIAL_END_LEEWAY_MS = 60 * 60 * 1000;

export const SUBSCRIPTION_REQUIRED_CODE = 'SUBSCRIPTION_REQUIRED';
export const SUBSCRIPTION_REQUIRED_MESSAGE =
  'Your subscription has ended. Choose a plan to make changes again; everything you saved is still here.';

/** The subscription fields every profile carries (the billing service keeps them current). */
export interface SubscriptionState {
  status: SubscriptionStatus;
  /** ISO 8601: when the trial ends (or ended). */
  trialEndsAt: string;
  /** ISO 8601: the first failed payment of the current past-due spell; null otherwise. */
  pastDueSince?: string | null;
}

/** What the dashboard shows above every section: nothing, or one banner. */
export type SubscriptionBanner = 'trial_ending' | 'past_due' | 'canceled' | null;

export interface SubscriptionAccess {
  /** false: reads only; every write answers 402 SUBSCRIPTION_REQUIRED. */
  canWrite: boolean;
  banner: SubscriptionBanner;
  /** Whole days left in the trial (0 outside a trial). */
  trialDaysLeft: number;
  /** ISO 8601: when a past-due account turns read-only; null when not past due. */
  graceEndsAt: string | null;
}

/** Whole days until `iso`, rounded up, never below 0 (docs/product/profile-and-settings.md#subscription-status). */
export function daysUntil(iso: string, now: Date): number {
  const end = Date.parse(iso);
  if (Number.isNaN(end)) return 0;
  const left = end - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

export function graceEndOf(pastDueSince: string): string {
  return new Date(Date.parse(pastDueSince) + PAST_DUE_GRACE_DAYS * DAY_MS).toISOString();
}

/**
 * - trial: everything; a banner in its last 3 days; read-only once it has ended (by more
 *   than the leeway) without the provider's word.
 * - active: everything.
 * - past_due: everything, with a banner, for PAST_DUE_GRACE_DAYS after the first failure;
 *   read-only after that.
 * - canceled: read-only (every read works, lists stay public, exports work).
 */
export function subscriptionAccess(state: SubscriptionState, now: Date): SubscriptionAccess {
  switch (state.status) {
    case 'active':
      return { canWrite: true, banner: null, trialDaysLeft: 0, graceEndsAt: null };
    case 'trial': {
      const ended = Date.parse(state.trialEndsAt) + TRIAL_END_LEEWAY_MS <= now.getTime();
      if (ended) return { canWrite: false, banner: 'canceled', trialDaysLeft: 0, graceEndsAt: null };
      const daysLeft = daysUntil(state.trialEndsAt, now);
      const ending = Date.parse(state.trialEndsAt) - now.getTime() <= TRIAL_ENDING_NOTICE_DAYS * DAY_MS;
      return {
        canWrite: true,
        banner: ending ? 'trial_ending' : null,
        trialDaysLeft: daysLeft,
        graceEndsAt: null,
      };
    }
    case 'past_due': {
      const graceEndsAt = state.pastDueSince ? graceEndOf(state.pastDueSince) : null;
      const withinGrace = graceEndsAt === null || Date.parse(graceEndsAt) > now.getTime();
      return { canWrite: withinGrace, banner: 'past_due', trialDaysLeft: 0, graceEndsAt };
    }
    case 'canceled':
      return { canWrite: false, banner: 'canceled', trialDaysLeft: 0, graceEndsAt: null };
  }
}

/**
 * The demo store's trial as the demo shows it (docs/product/demo-mode.md): its profile's end,
 * moved forward by whole trials while it lies in the past, so the seeded store always shows
 * a realistic trial with days left however long ago it was seeded. The profile and billing
 * services both answer it, so the profile card and the billing section agree.
 */
export function demoTrialEnd(trialEndsAt: string, now: Date): string {
  const end = Date.parse(trialEndsAt);
  if (Number.isNaN(end) || end > now.getTime()) return trialEndsAt;
  const period = TRIAL_LENGTH_DAYS * DAY_MS;
  const periods = Math.floor((now.getTime() - end) / period) + 1;
  return new Date(end + periods * period).toISOString();
}
