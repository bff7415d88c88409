import { describe, expect, it } from 'vitest';
import { createApiKey, listApiKeys, revokeApiKey } from '@sneakers/shared/contracts/store-api';
import {
  API_DAILY_QUOTA,
  API_RATE_BURST,
  API_RATE_WINDOW_SECONDS,
} from '@sneakers/shared/rules/store-api-limits';
import { ApiError } from '@sneakers/shared/api-client';
import { rejection } from '../../../../tests/support/cloud-client';
import { key, member, newKey, withKey } from './support';

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

describe('API keys', () => {
  it('creates a key shown once, lists it by its prefix, opens /v1 with it, and a revocation shuts it at once', async () => {
    const store = await member();
    const { key: created, secret } = await newKey(store.client, 'Shopify sync');
    expect(secret).toMatch(/^sk_live_[0-9A-Za-z]{38}$/);
    expect(created).toMatchObject({
      name: 'Shopify sync',
      prefix: secret.slice(0, 12),
      active: true,
      lastUsedAt: null,
    });

    const ok = await withKey('/v1/inventory', secret);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-limit')).toBe(String(API_RATE_BURST));
    expect(Number(ok.headers.get('ratelimit-remaining'))).toBe(API_RATE_BURST - 1);
    expect(ok.headers.get('ratelimit-policy')).toContain(`${API_DAILY_QUOTA};w=86400`);

    const { keys } = await store.client.call(listApiKeys, {});
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id: created.id, active: true });
    expect(keys[0]?.lastUsedAt).not.toBeNull();
    // The secret is never answered again.
    expect(JSON.stringify(keys)).not.toContain(secret.slice(12));

    const { key: revoked } = await store.client.call(revokeApiKey, { params: { keyId: created.id } });
    expect(revoked).toMatchObject({ active: false, revokedAt: expect.any(String) });
    // Idempotent.
    const again = await store.client.call(revokeApiKey, { params: { keyId: created.id } });
    expect(again.key.revokedAt).toBe(revoked.revokedAt);

    const refused = await withKey('/v1/inventory', secret);
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toMatchObject({ code: 'API_KEY_INVALID' });
  });

  it('answers 401 API_KEY_INVALID for a missing, malformed or forged key, and never takes a Cognito token instead', async () => {
    const store = await member();
    const { secret } = await newKey(store.client);
    const forged = `sk_live_${'A'.repeat(32)}${secret.slice(-6)}`;
    for (const header of [undefined, 'nope', forged, secret.slice(0, -1)]) {
      const res = await withKey('/v1/inventory', header);
      expect(res.status, String(header)).toBe(401);
      expect(await errorOf(res)).toMatchObject({ code: 'API_KEY_INVALID', message: expect.any(String) });
    }
    const byToken = await withKey('/v1/inventory', undefined, {
      headers: { authorization: `Bearer ${store.token}` },
    });
    expect(byToken.status).toBe(401);
    // And a user route never takes a key.
    const byKey = await withKey('/api/api-keys', secret);
    expect(byKey.status).toBe(401);
  });

  it('answers 429 RATE_LIMITED with Retry-After once the burst of a window is spent, and lets no more through', async () => {
    const store = await member();
    const { secret } = await newKey(store.client);
    const windowMs = API_RATE_WINDOW_SECONDS * 1000;
    // A volley that lands inside one rate window (retried if the machine was too slow for that).
    for (let attempt = 0; ; attempt++) {
      await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 20));
      const window = Math.floor(Date.now() / windowMs);
      const answers = await Promise.all(
        Array.from({ length: API_RATE_BURST + 10 }, () => withKey('/v1/inventory', secret)),
      );
      if (Math.floor(Date.now() / windowMs) !== window && attempt < 3) continue;
      const ok = answers.filter((r) => r.status === 200);
      const limited = answers.filter((r) => r.status === 429);
      expect(ok.length + limited.length).toBe(answers.length);
      expect(ok.length).toBeLessThanOrEqual(API_RATE_BURST);
      const first = limited[0]!;
      expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(first.headers.get('ratelimit-remaining')).toBe('0');
      expect(await errorOf(first)).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
      return;
    }
  });

  it('refuses a reseller (403 STORE_ONLY) and a retried create (409), and caps active keys', async () => {
    const reseller = await member('reseller');
    const refused = await rejection(reseller.client.call(listApiKeys, {}));
    expect([refused.status, refused.code]).toEqual([403, 'STORE_ONLY']);

    const store = await member();
    const idem = key();
    await store.client.call(createApiKey, { body: { name: 'One' }, idempotencyKey: idem });
    const replay = await rejection(
      store.client.call(createApiKey, { body: { name: 'One' }, idempotencyKey: idem }),
    );
    expect([replay.status, replay.code]).toEqual([409, 'API_KEY_ALREADY_CREATED']);
    const { keys } = await store.client.call(listApiKeys, {});
    expect(keys).toHaveLength(1);

    const missing = await rejection(store.client.call(revokeApiKey, { params: { keyId: 'nope' } }));
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing.status).toBe(404);
  });
});
