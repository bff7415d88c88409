/**
 * The profiles' enums on their own (re-exported by ./profiles): the shared profile view and
 * the access rules need only these, and importing ./profiles would bundle every profiles
 * contract into every function.
 */
export const ROLES = ['store', 'reseller'] as const;
export type Role = (typeof ROLES)[number];
export const LANGUAGES = ['en', 'es'] as const;
export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'canceled'] as const;
export const SUBSCRIPTION_PLANS = ['trial', 'standard'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The kinds of email a user can turn off one by one in Settings
 * (docs/product/profile-and-settings.md#email-notifications): new offers on their lists, answers
 * to their offers, unread messages. `emailNotifications` off still stops them all.
 */
export const EMAIL_KINDS = ['offers', 'offer_updates', 'messages'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
