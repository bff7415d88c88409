import type { ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { raw } from '../../../../tests/support/cloud-client';

/** The onboarding form of a reseller (consignor, stored as reseller), in Spanish. */
export const onboarding: ProfileCreate = {
  role: 'consignor',
  businessName: 'Sole Flip',
  contactEmail: 'contact@soleflip.example',
  phone: '+34 600123456',
  location: 'Valencia, Spain',
  instagramHandle: 'soleflip',
  preferredContact: 'instagram',
  currency: 'EUR',
  language: 'es',
  publicWtbList: false,
  publicWtsList: true,
};

/** A raw JSON request through the local gateway (signed in when `token` is given), for bodies the typed client refuses. */
export function send(token: string | undefined, method: string, path: string, body: unknown) {
  return raw(path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/**
 * A profile without the subscription fields the billing service writes. Billing's Profile.Created
 * consumer starts the trial at the provider and its webhook then sets those fields on the row a
 * moment later (shared/src/billing/profile-subscription.ts), so a test that compares two reads of
 * the same profile compares what the profiles service owns.
 */
export function ownFields<T extends object>(profile: T | null): Partial<T> | null {
  if (!profile) return profile;
  const billing = new Set([
    'subscriptionStatus',
    'subscriptionPlan',
    'trialEndsAt',
    'trialDaysLeft',
    'pastDueSince',
  ]);
  return Object.fromEntries(Object.entries(profile).filter(([key]) => !billing.has(key))) as Partial<T>;
}
