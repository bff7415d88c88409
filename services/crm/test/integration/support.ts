import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createMyProfile, type ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { api, newUser, rejection } from '../../../../tests/support/cloud-client';

/** A fresh Idempotency-Key. */
export const key = () => `key-${randomUUID()}`;

/** A unique email address for someone. */
export const email = (who: string) => `${who}-${randomUUID()}@example.com`;

/** A signed-in store with a profile (Madrid, English, EUR, no public lists); `profile` changes it. */
export async function storeUser(businessName: string, profile: Partial<ProfileCreate> = {}) {
  const user = await newUser();
  const client = api(user.token);
  await client.call(createMyProfile, {
    body: {
      role: 'store',
      businessName,
      contactEmail: email('store'),
      phone: '+34 600123456',
      location: 'Madrid',
      instagramHandle: 'kicks_madrid',
      preferredContact: 'instagram',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
      ...profile,
    },
  });
  return { ...user, client, call: client.call };
}

export const expectError = async (promise: Promise<unknown>, status: number, code: string) => {
  const error = await rejection(promise);
  expect([error.status, error.code]).toEqual([status, code]);
};
