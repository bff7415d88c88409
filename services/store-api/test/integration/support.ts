import { randomUUID } from 'node:crypto';
import { createMyProfile, type ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { createApiKey } from '@sneakers/shared/contracts/store-api';
import { api, newUser, raw } from '../../../../tests/support/cloud-client';

/** The set-up every store-api integration test shares: signed-in users and Idempotency-Keys. */
export const key = () => `key-${randomUUID()}`;

/** A new signed-in user, as the API client and their raw token. */
export async function signedInUser() {
  const { token } = await newUser();
  return { token, client: api(token) };
}

/** A signed-in user with a profile of that role (a store unless told otherwise). */
export async function member(role: ProfileCreate['role'] = 'store') {
  const user = await signedInUser();
  await user.client.call(createMyProfile, {
    body: {
      role,
      businessName: `Kicks ${role}`,
      contactEmail: `${role}-${randomUUID()}@example.com`,
      phone: '+34 600123456',
      location: 'Madrid',
      instagramHandle: 'kicks_madrid',
      preferredContact: 'instagram',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return user;
}

/** A new key of that store: its record and the secret shown once. */
export async function newKey(client: ReturnType<typeof api>, name = 'Shop sync') {
  return client.call(createApiKey, { body: { name }, idempotencyKey: key() });
}

/** A store API call with a key (or none), as an integrator's client sends it. */
export function withKey(path: string, secret: string | undefined, init: RequestInit = {}) {
  return raw(path, {
    ...init,
    headers: { ...(secret === undefined ? {} : { 'x-api-key': secret }), ...(init.headers ?? {}) },
  });
}
