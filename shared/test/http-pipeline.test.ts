import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineContract } from '../src/contracts/contract';
import { ConflictError, NotFoundError } from '../src/errors';
import { createHttpPipeline, type HttpEvent } from '../src/http/http-pipeline';
import { powertoolsFor } from '../src/runtime/powertools';
import { route } from '../src/runtime/function';

const create = defineContract({
  id: 'things.create',
  method: 'POST',
  path: '/api/things/{kind}',
  auth: 'user',
  params: z.object({ kind: z.enum(['a', 'b']) }),
  body: z.strictObject({ name: z.string().check(z.minLength(1)) }),
  response: z.object({ id: z.string(), owner: z.string() }),
  maxBodyBytes: 100,
});
const fail = defineContract({
  id: 'things.fail',
  method: 'GET',
  path: '/api/fail/{how}',
  auth: 'public',
  params: z.object({ how: z.string() }),
  response: z.object({}),
});

function event(method: string, path: string, opts: { body?: string; sub?: string } = {}): HttpEvent {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: {},
    body: opts.body,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-1',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      ...(opts.sub
        ? {
            authorizer: {
              jwt: { claims: { sub: opts.sub }, scopes: [] },
              principalId: '',
              integrationLatency: 0,
            },
          }
        : {}),
    },
  } as unknown as HttpEvent;
}

describe('HTTP pipeline', () => {
  const pipeline = createHttpPipeline(
    [
      // The owner comes from the token, never from the body: the response shows whose it is.
      route(create, async ({ actor, body }) => ({
        id: body.name,
        owner: actor.kind === 'user' ? actor.userId : '',
        extra: 'stripped',
      })),
      route(fail, async ({ params }) => {
        if (params.how === 'missing') throw new NotFoundError('Thing not found');
        if (params.how === 'conflict') throw new ConflictError('Already there', 'DUPLICATE');
        throw new Error('database exploded: secret details');
      }),
    ],
    powertoolsFor('test'),
  );

  it('runs the use case with the verified owner and strips what the contract does not promise', async () => {
    const res = await pipeline(event('POST', '/api/things/a', { body: '{"name":"x"}', sub: 'user-1' }));
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(res.body ?? '')).toEqual({ id: 'x', owner: 'user-1' });
  });

  it('answers 401 for user routes without claims', async () => {
    const res = await pipeline(event('POST', '/api/things/a', { body: '{"name":"x"}' }));
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body ?? '')).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
    });
  });

  it('validates params and body with field errors', async () => {
    const res = await pipeline(event('POST', '/api/things/c', { body: '{"name":"","x":1}', sub: 'u' }));
    expect(res.statusCode).toBe(400);
    const body = JSON.parse(res.body ?? '') as { error: { code: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields)).toEqual(['params.kind']);
    const res2 = await pipeline(event('POST', '/api/things/a', { body: '{"name":"","x":1}', sub: 'u' }));
    expect(
      Object.keys((JSON.parse(res2.body ?? '') as { error: { fields: object } }).error.fields).sort(),
    ).toEqual(['', 'name']);
  });

  it('answers each refused field in words and as a code, never in zod wording', async () => {
    const res = await pipeline(event('POST', '/api/things/a', { body: '{"name":"","x":1}', sub: 'u' }));
    expect(JSON.parse(res.body ?? '')).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: { name: ['This field is required.'], '': ['This field is not expected here.'] },
        issues: { name: [{ code: 'REQUIRED' }], '': [{ code: 'UNKNOWN_FIELD' }] },
      },
    });
  });

  it('rejects malformed JSON and oversized bodies', async () => {
    expect((await pipeline(event('POST', '/api/things/a', { body: '{', sub: 'u' }))).statusCode).toBe(400);
    expect(
      (
        await pipeline(
          event('POST', '/api/things/a', { body: JSON.stringify({ name: 'x'.repeat(200) }), sub: 'u' }),
        )
      ).statusCode,
    ).toBe(413);
  });

  it('refuses a body declared as anything but JSON with 415 (no cross-site simple requests)', async () => {
    const body = '{"name":"x"}';
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await pipeline({
        ...event('POST', '/api/things/a', { body, sub: 'u' }),
        headers: { 'Content-Type': type },
      });
      expect(res.statusCode, type).toBe(415);
      expect(JSON.parse(res.body ?? '')).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json.' },
      });
    }
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      const res = await pipeline({
        ...event('POST', '/api/things/a', { body, sub: 'u' }),
        headers: { 'content-type': type },
      });
      expect(res.statusCode, type).toBe(201);
    }
  });

  it('maps domain errors to their status and code', async () => {
    const notFound = await pipeline(event('GET', '/api/fail/missing'));
    expect(notFound.statusCode).toBe(404);
    expect(JSON.parse(notFound.body ?? '')).toEqual({
      error: { code: 'NOT_FOUND', message: 'Thing not found' },
    });
    expect((await pipeline(event('GET', '/api/fail/conflict'))).statusCode).toBe(409);
  });

  it('hides unknown errors behind a 500 with a correlation id', async () => {
    const res = await pipeline(event('GET', '/api/fail/boom'));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(JSON.parse(res.body ?? '')).toMatchObject({ error: { code: 'INTERNAL', correlationId: 'req-1' } });
  });

  it('answers unknown routes 404 and wrong methods 405', async () => {
    expect((await pipeline(event('GET', '/api/nope'))).statusCode).toBe(404);
    const res = await pipeline(event('DELETE', '/api/things/a'));
    expect(res.statusCode).toBe(405);
    expect(res.headers?.allow).toBe('POST');
  });

  it('answers 400 BAD_PATH for a malformed escape in a path parameter', async () => {
    const res = await pipeline(event('GET', '/api/fail/%E0%A4%A'));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body ?? '')).toEqual({
      error: { code: 'BAD_PATH', message: 'The address contains an invalid escape sequence.' },
    });
  });
});

describe('HTTP pipeline: raw-body routes (a signed webhook)', () => {
  const hook = defineContract({
    id: 'hooks.receive',
    method: 'POST',
    path: '/api/hooks',
    auth: 'public',
    body: z.string(),
    rawBody: true,
    response: z.object({ body: z.string(), rawBody: z.nullable(z.string()), signature: z.string() }),
    maxBodyBytes: 64,
  });
  const pipeline = createHttpPipeline(
    [
      route(hook, async ({ body, rawBody, headers }) => ({
        body,
        rawBody: rawBody ?? null,
        signature: headers['stripe-signature'] ?? '',
      })),
    ],
    powertoolsFor('test'),
  );
  const post = (body: string | undefined, opts: { base64?: boolean; type?: string } = {}) =>
    pipeline({
      ...event('POST', '/api/hooks', { body }),
      isBase64Encoded: opts.base64 ?? false,
      headers: { 'Stripe-Signature': 't=1,v1=abc', ...(opts.type ? { 'content-type': opts.type } : {}) },
    });
  const answer = (res: Awaited<ReturnType<typeof post>>) => JSON.parse(res.body ?? '') as unknown;

  it('hands over the exact string, unparsed, as body and rawBody, whatever its content type', async () => {
    const text = '{ "id" : "evt_1",\r\n "amount": 4999 }\n';
    for (const type of [undefined, 'application/json; charset=utf-8', 'text/plain']) {
      const res = await post(text, { type });
      expect(res.statusCode, type).toBe(201);
      expect(answer(res)).toEqual({ body: text, rawBody: text, signature: 't=1,v1=abc' });
    }
  });

  it('decodes a body API Gateway base64-encoded', async () => {
    const text = '{"name":"Zapatillas ñ"}';
    const res = await post(Buffer.from(text, 'utf8').toString('base64'), { base64: true });
    expect(answer(res)).toMatchObject({ body: text, rawBody: text });
  });

  it('does not parse JSON: a body that is not JSON reaches the route (its signature decides)', async () => {
    const res = await post('not json {');
    expect(res.statusCode).toBe(201);
    expect(answer(res)).toMatchObject({ body: 'not json {' });
    expect(answer(await post(undefined))).toMatchObject({ body: '', rawBody: '' });
  });

  it('still refuses a body over maxBodyBytes (counted in bytes, after base64 decoding)', async () => {
    expect((await post('x'.repeat(65))).statusCode).toBe(413);
    expect((await post('é'.repeat(33))).statusCode).toBe(413);
    expect((await post(Buffer.from('x'.repeat(64)).toString('base64'), { base64: true })).statusCode).toBe(
      201,
    );
  });

  it('leaves JSON routes as they were: no rawBody, JSON parsed', async () => {
    const seen: unknown[] = [];
    const json = createHttpPipeline(
      [
        route(create, async (ctx) => {
          seen.push(ctx.rawBody);
          return { id: ctx.body.name, owner: 'o' };
        }),
      ],
      powertoolsFor('test'),
    );
    const res = await json(event('POST', '/api/things/a', { body: '{"name":"x"}', sub: 'u' }));
    expect(res.statusCode).toBe(201);
    expect(seen).toEqual([undefined]);
  });
});
