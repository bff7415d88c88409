import { randomUUID } from 'node:crypto';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { api, newUser } from '../../../../tests/support/cloud-client';

/** A fresh Idempotency-Key. */
export const key = () => `key-${randomUUID()}`;

/** A signed-in store with a profile (English, EUR, no public lists). */
export async function storeUser(businessName: string) {
  const user = await newUser();
  const client = api(user.token);
  const { profile } = await client.call(createMyProfile, {
    body: {
      role: 'store',
      businessName,
      contactEmail: `store-${randomUUID()}@example.com`,
      phone: '+34 600123456',
      location: 'Madrid',
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return { ...user, userId: profile.userId, call: client.call };
}

export type Store = Awaited<ReturnType<typeof storeUser>>;
