import { randomUUID } from 'node:crypto';
import { createApiKey, revokeApiKey } from '@sneakers/shared/contracts/store-api';
import { API_KEY_HEADER } from '@sneakers/shared/rules/store-api-limits';
import type { Contract } from '@sneakers/shared/contracts/contract';
import type { createApiClient } from '@sneakers/shared/api-client';

/**
 * The store API keys of the suites' stores, by the store's token: a request the suites make
 * "as" a store goes to an `auth: 'apiKey'` route with one of its keys instead of its token
 * (`credentialHeaders`), so every apiKey contract in the registry is exercised without a
 * line per route. A store gets KEYS_PER_STORE keys, used in turn, so the suites' volleys
 * stay within the per-key rate (docs/product/store-api.md#limits) and reach validation.
 */
const KEYS_PER_STORE = 6;
const keysByToken = new Map<string, { secrets: string[]; ids: string[]; next: number }>();

type Call = ReturnType<typeof createApiClient>;

/** Issues the store's keys (it must be a store: a reseller has no store API). */
export async function issueApiKeys(token: string, call: Call, count = KEYS_PER_STORE): Promise<string[]> {
  const created = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      call(createApiKey, {
        body: { name: `route-suites ${n}` },
        idempotencyKey: `route-suites-${randomUUID()}`,
      }),
    ),
  );
  const secrets = created.map((c) => c.secret);
  keysByToken.set(token, { secrets, ids: created.map((c) => c.key.id), next: 0 });
  return secrets;
}

/** A key issued and then revoked at once: it must never open a route again. */
export async function revokedApiKey(call: Call): Promise<string> {
  const { key, secret } = await call(createApiKey, {
    body: { name: 'route-suites revoked' },
    idempotencyKey: `route-suites-${randomUUID()}`,
  });
  await call(revokeApiKey, { params: { keyId: key.id } });
  return secret;
}

/** The ids of the store's keys (a record of the store's for the tenancy suite). */
export function apiKeyIdsOf(token: string): string[] {
  return keysByToken.get(token)?.ids ?? [];
}

/** The next of the store's keys, or undefined when it has none. */
export function apiKeyOf(token: string): string | undefined {
  const entry = keysByToken.get(token);
  if (!entry) return undefined;
  const secret = entry.secrets[entry.next % entry.secrets.length];
  entry.next++;
  return secret;
}

/**
 * How a request made as the store with `token` authenticates on route `c`: its token, or
 * one of its API keys on an apiKey route (never both: an apiKey route takes no token).
 */
export function credentialHeaders(c: Pick<Contract, 'auth'>, token: string): Record<string, string> {
  if (c.auth !== 'apiKey') return { authorization: `Bearer ${token}` };
  const key = apiKeyOf(token);
  return key ? { [API_KEY_HEADER]: key } : {};
}
