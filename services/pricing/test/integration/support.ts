import { randomUUID } from 'node:crypto';
import { api, newUser } from '../../../../tests/support/cloud-client';

/** The set-up every pricing integration test shares: signed-in users and Idempotency-Keys. */
export const key = () => `key-${randomUUID()}`;

/** A new signed-in user, as the API client and their raw token. */
export async function signedInUser() {
  const { token } = await newUser();
  return { token, client: api(token) };
}
