import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Actor } from '../src/actor';
import { fixedClock } from '../src/clock';
import { defineContract } from '../src/contracts/contract';
import { createHttpPipeline, type AccessControl, type HttpEvent } from '../src/http/http-pipeline';
import type { KeyUsageLimiter, KeyUsageOutcome } from '../src/rate-limit/key-usage';
import { API_RATE_BURST, rateWindowOf, utcDayOf } from '../src/rules/store-api-limits';
import { powertoolsFor } from '../src/runtime/powertools';
import { route } from '../src/runtime/function';

const inventory = defineContract({
  id: 'storeApiV1.fixture',
  method: 'GET',
  path: '/v1/fixture',
  auth: 'apiKey',
  response: z.object({ as: z.string(), key: z.nullable(z.string()) }),
});
const mine = defineContract({
  id: 'fixture.mine',
  method: 'GET',
  path: '/api/fixture',
  auth: 'user',
  response: z.object({ as: z.string(), key: z.nullable(z.string()) }),
});
const whoAmI = async ({ actor }: { actor: Actor }) => ({
  as: actor.kind === 'user' ? actor.userId : 'anonymous',
  key: actor.kind === 'user' ? (actor.apiKeyId ?? null) : null,
});

const NOW = new Date('2026-03-01T10:00:00.500Z');

function event(path: string, authorizer?: Record<string, unknown>): HttpEvent {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-1',
      http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      ...(authorizer ? { authorizer } : {}),
    },
  } as unknown as HttpEvent;
}

function pipeline(outcome: (keyId: string) => KeyUsageOutcome) {
  const taken: string[] = [];
  const limiter: KeyUsageLimiter = {
    take: async (keyId) => {
      taken.push(keyId);
      return outcome(keyId);
    },
  };
  const access: AccessControl = {
    requireFeatures: async () => undefined,
    requireSubscription: async () => undefined,
    impersonations: { find: async () => null } as unknown as AccessControl['impersonations'],
    audit: { record: async () => undefined },
    clock: fixedClock(NOW),
    apiKeyUsage: limiter,
  };
  const handle = createHttpPipeline(
    [route(inventory, whoAmI), route(mine, whoAmI)],
    powertoolsFor('api-key-pipeline-test'),
    () => access,
  );
  return { handle, taken };
}

const usage = (windowCount: number) => ({
  window: rateWindowOf(NOW),
  windowCount,
  day: utcDayOf(NOW),
  dayCount: windowCount,
});
const allowed = (): KeyUsageOutcome => ({ allowed: true, usage: usage(3) });
const bodyOf = (r: { body?: string }) => JSON.parse(r.body ?? '{}') as Record<string, unknown>;

describe('the pipeline on apiKey routes', () => {
  it("runs the route as the key's store, with the key id, and answers the key's RateLimit headers", async () => {
    const { handle, taken } = pipeline(allowed);
    const answer = await handle(event('/v1/fixture', { lambda: { userId: 'store-1', apiKeyId: 'key-1' } }));
    expect(answer.statusCode).toBe(200);
    expect(bodyOf(answer)).toEqual({ as: 'store-1', key: 'key-1' });
    expect(taken).toEqual(['key-1']);
    expect(answer.headers).toMatchObject({
      'ratelimit-limit': String(API_RATE_BURST),
      'ratelimit-remaining': String(API_RATE_BURST - 3),
      'ratelimit-reset': '2',
    });
  });

  it('answers 401 API_KEY_INVALID, with the reason in words, when the authorizer found no key', async () => {
    const { handle, taken } = pipeline(allowed);
    for (const [authorizer, words] of [
      [undefined, 'x-api-key'],
      [{ lambda: { invalid: 'missing' } }, 'x-api-key'],
      [{ lambda: { invalid: 'malformed' } }, 'copied in full'],
      [{ lambda: { invalid: 'unknown' } }, 'revoked'],
      [{ lambda: { userId: 'store-1' } }, 'x-api-key'],
    ] as const) {
      const answer = await handle(event('/v1/fixture', authorizer));
      expect(answer.statusCode).toBe(401);
      expect(bodyOf(answer)).toMatchObject({
        error: { code: 'API_KEY_INVALID', message: expect.stringContaining(words) },
      });
    }
    expect(taken).toEqual([]);
  });

  it('never takes a Cognito token on an apiKey route, nor a key on a user route', async () => {
    const { handle } = pipeline(allowed);
    const byToken = await handle(
      event('/v1/fixture', {
        jwt: { claims: { sub: 'store-1' }, scopes: [] },
        principalId: '',
        integrationLatency: 0,
      }),
    );
    expect([byToken.statusCode, bodyOf(byToken)]).toMatchObject([
      401,
      { error: { code: 'API_KEY_INVALID' } },
    ]);
    const byKey = await handle(event('/api/fixture', { lambda: { userId: 'store-1', apiKeyId: 'key-1' } }));
    expect([byKey.statusCode, bodyOf(byKey)]).toMatchObject([401, { error: { code: 'UNAUTHENTICATED' } }]);
  });

  it('answers 429 RATE_LIMITED with Retry-After and RateLimit-Remaining 0 over the limits, before the route runs', async () => {
    const { handle } = pipeline(() => ({ allowed: false, reason: 'rate', usage: usage(API_RATE_BURST) }));
    const answer = await handle(event('/v1/fixture', { lambda: { userId: 'store-1', apiKeyId: 'key-1' } }));
    expect(answer.statusCode).toBe(429);
    expect(answer.headers).toMatchObject({ 'retry-after': '2', 'ratelimit-remaining': '0' });
    expect(bodyOf(answer)).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('2 seconds') },
    });
  });
});
