import { randomUUID } from 'node:crypto';
import { ApiError, createApiClient } from '@sneakers/shared/api-client';
import { IMPERSONATION_HEADER } from '@sneakers/shared/contracts/admin';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { api, cloud, newUser } from '../support/cloud-client';

/**
 * How long the integration cloud's functions cache feature data: FEATURE_CACHE_TTL_MS,
 * set by tests/support/local-cloud-setup.ts (AWS keeps the 15 s default). A change must
 * reach API enforcement within it; the margin covers the requests in between.
 */
export const CACHE_TTL_MS = 1_000;
export const PROPAGATION_MS = CACHE_TTL_MS + 2_000;

const subOf = (token: string): string => {
  const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  if (
    typeof payload !== 'object' ||
    payload === null ||
    !('sub' in payload) ||
    typeof payload.sub !== 'string'
  )
    throw new Error('token without sub');
  return payload.sub;
};

/** A signed-in store (with its profile) or superuser, with its user id and API client. */
export async function account(kind: 'store' | 'superuser') {
  const user = await newUser({ superuser: kind === 'superuser' });
  const { call } = api(user.token);
  const name = `${kind}-${randomUUID().slice(0, 8)}`;
  await call(createMyProfile, {
    body: {
      role: 'store',
      businessName: name,
      contactEmail: user.email,
      phone: '+34 600111222',
      location: 'Sevilla',
      instagramHandle: null,
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return { ...user, userId: subOf(user.token), call };
}

/** An API client that sends an impersonation token on every call, as the SPA does while impersonating. */
export function impersonating(token: string, impersonationToken: string) {
  return createApiClient({
    baseUrl: cloud().appUrl,
    getToken: () => token,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set(IMPERSONATION_HEADER, impersonationToken);
      return fetch(input, { ...init, headers });
    },
  });
}

/** The error code a call fails with, or 'OK'. */
export async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'OK';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

/** Repeats `call` until it ends in `expected`; answers how long that took (ms), or throws after `timeoutMs`. */
export async function until(
  call: () => Promise<unknown>,
  expected: string,
  timeoutMs = PROPAGATION_MS,
): Promise<number> {
  const start = Date.now();
  let last = '';
  while (Date.now() - start <= timeoutMs) {
    last = await outcome(call);
    if (last === expected) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Still ${last} after ${timeoutMs} ms; expected ${expected}`);
}
