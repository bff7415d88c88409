import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import { API_KEY_LOOKUP_CACHE_SECONDS } from '@sneakers/shared/rules/store-api-limits';
import { createApiKeyAuthorizer } from '../../src/keys/authorizer';
import { forgetKey } from '../../src/keys/key-cache';
import { generateApiKey, hashApiKey } from '../../src/keys/key-format';
import type { ResolvedKey } from '../../src/keys/ports';

function setUp(keys: Map<string, ResolvedKey>) {
  const clock = fixedClock('2026-03-01T10:00:00.000Z');
  const reads: string[] = [];
  const authorize = createApiKeyAuthorizer(() => ({
    clock,
    lookup: {
      findByHash: async (hash) => {
        reads.push(hash);
        return keys.get(hash) ?? null;
      },
    },
  }));
  return { authorize, reads, clock };
}

describe('the API-key authorizer', () => {
  it("resolves a key by its hash to the store and key id, and keeps it for the container's cache time", async () => {
    const secret = generateApiKey();
    const { authorize, reads, clock } = setUp(
      new Map([[hashApiKey(secret), { storeUserId: 's1', keyId: 'k1' }]]),
    );
    const answer = { isAuthorized: true, context: { userId: 's1', apiKeyId: 'k1' } };
    expect(await authorize({ headers: { 'X-Api-Key': secret } })).toEqual(answer);
    expect(await authorize({ identitySource: [secret] })).toEqual(answer);
    expect(reads).toEqual([hashApiKey(secret)]);
    clock.advance(API_KEY_LOOKUP_CACHE_SECONDS * 1000);
    await authorize({ headers: { 'x-api-key': secret } });
    expect(reads).toHaveLength(2);
    forgetKey('k1');
  });

  it('tells a missing and a malformed key without a read, and never caches a miss', async () => {
    const { authorize, reads } = setUp(new Map());
    expect(await authorize({ headers: {} })).toEqual({ isAuthorized: true, context: { invalid: 'missing' } });
    expect(await authorize({ headers: { 'x-api-key': 'sk_live_typo' } })).toEqual({
      isAuthorized: true,
      context: { invalid: 'malformed' },
    });
    expect(reads).toEqual([]);
    const unknown = generateApiKey();
    for (let i = 0; i < 2; i++)
      expect(await authorize({ headers: { 'x-api-key': unknown } })).toEqual({
        isAuthorized: true,
        context: { invalid: 'unknown' },
      });
    expect(reads).toHaveLength(2);
  });

  it("refuses a closing account's key, uncached, so a cancelled closure brings it back at once", async () => {
    const secret = generateApiKey();
    const keys = new Map([[hashApiKey(secret), { storeUserId: 's1', keyId: 'k3', closing: true }]]);
    const { authorize, reads } = setUp(keys);
    for (let i = 0; i < 2; i++)
      expect(await authorize({ headers: { 'x-api-key': secret } })).toEqual({
        isAuthorized: true,
        context: { invalid: 'closing' },
      });
    expect(reads).toHaveLength(2);
    keys.set(hashApiKey(secret), { storeUserId: 's1', keyId: 'k3', closing: false });
    expect((await authorize({ headers: { 'x-api-key': secret } })).context).toEqual({
      userId: 's1',
      apiKeyId: 'k3',
    });
    forgetKey('k3');
  });

  it('forgets a revoked key in this container at once', async () => {
    const secret = generateApiKey();
    const keys = new Map([[hashApiKey(secret), { storeUserId: 's1', keyId: 'k2' }]]);
    const { authorize } = setUp(keys);
    await authorize({ headers: { 'x-api-key': secret } });
    keys.clear();
    forgetKey('k2');
    expect((await authorize({ headers: { 'x-api-key': secret } })).context).toEqual({ invalid: 'unknown' });
  });
});
