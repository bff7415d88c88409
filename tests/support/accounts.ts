import { randomUUID } from 'node:crypto';
import { createMyProfile, type ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { api, newUser, raw } from './cloud-client';

/** The integration tests' users: signed in through cognito-local, with or without a profile. */

/** A fresh Idempotency-Key. */
export const key = () => `key-${randomUUID()}`;

/** A signed-in user without a profile; its id is the token's subject. */
export async function signedIn() {
  const user = await newUser();
  const claims = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { ...user, userId: claims.sub, call: api(user.token).call };
}

/** A signed-in store with a profile: English, EUR and no public lists, unless `profile` says otherwise. */
export async function storeUser(businessName: string, profile: Partial<ProfileCreate> = {}) {
  const user = await newUser();
  const { call } = api(user.token);
  const { profile: created } = await call(createMyProfile, {
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
      ...profile,
    },
  });
  return { ...user, userId: created.userId, call };
}

export type Store = Awaited<ReturnType<typeof storeUser>>;

/** A create through the gateway with its Idempotency-Key, to see the status code the typed client hides. */
export function postWithKey(token: string, path: string, body: unknown, idempotencyKey = key()) {
  return raw(path, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify(body),
  });
}
