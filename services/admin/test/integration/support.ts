import { randomUUID } from 'node:crypto';
import { createMyProfile, type ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { api, newUser, rejection } from '../../../../tests/support/cloud-client';

/** A failed call's status and code. */
export const refusal = async (promise: Promise<unknown>) => {
  const error = await rejection(promise);
  return [error.status, error.code];
};

/** The onboarding form of an English store with private lists. */
export function storeProfile(businessName: string, contactEmail: string): ProfileCreate {
  return {
    role: 'store',
    businessName,
    contactEmail,
    phone: '+34 600123456',
    location: 'Madrid',
    instagramHandle: '',
    preferredContact: 'email',
    currency: 'EUR',
    language: 'en',
    publicWtbList: false,
    publicWtsList: false,
  };
}

/** A signed-in user with a profile; `businessName` and `contactEmail` as given. */
export async function userWithProfile(
  businessName: string,
  contactEmail = `store-${randomUUID()}@example.com`,
  opts: { superuser?: boolean } = {},
) {
  const user = await newUser(opts);
  const client = api(user.token);
  const { profile: created } = await client.call(createMyProfile, {
    body: storeProfile(businessName, contactEmail),
  });
  return { ...user, client, userId: created.userId, contactEmail };
}
