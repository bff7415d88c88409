import { DEMO, TRIAL_DAYS, type UserProfile } from '@sneakers/shared';

/** The demo store (docs/product/demo-mode.md#demo-data) when the demo profile call fails. */
export function demoFallbackProfile(now = new Date()): UserProfile {
  const iso = now.toISOString();
  return {
    id: DEMO.userId,
    userId: DEMO.userId,
    role: DEMO.role,
    businessName: DEMO.businessName,
    contactEmail: DEMO.email,
    phone: '',
    preferredContact: 'email',
    instagramHandle: null,
    discord: null,
    location: '',
    avatarUrl: null,
    currency: 'EUR',
    language: 'en',
    onboardingCompleted: true,
    subscriptionStatus: 'trial',
    subscriptionPlan: 'trial',
    isSuperuser: false,
    trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
    pastDueSince: null,
    trialDaysLeft: TRIAL_DAYS,
    publicInventory: false,
    profileVisibleInDeals: true,
    publicWtbList: true,
    publicWtsList: false,
    publicWtcList: false,
    emailNotifications: true,
    mutedEmails: [],
    pushNotifications: true,
    createdAt: iso,
    updatedAt: iso,
  };
}
