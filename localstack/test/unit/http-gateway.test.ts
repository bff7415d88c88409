import { createHash } from 'node:crypto';
import { request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineContract } from '@sneakers/shared/contracts/contract';
import { createHttpPipeline, type HttpEvent } from '@sneakers/shared/http/http-pipeline';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { defineFunction, route } from '@sneakers/shared/runtime/function';
import { createHttpGateway, eventBody, type GatewayOptions } from '../../src/http-gateway';
import type { LoadedService } from '../../src/lambda';
import { json, listen, rawRequest } from './support/raw-http';

const getThing = defineContract({
  id: 'things.get',
  method: 'GET',
  path: '/api/things/{thingId}',
  auth: 'user',
  params: z.object({ thingId: z.string() }),
  response: z.object({ id: z.string() }),
});
const getPublic = defineContract({
  id: 'public.get',
  method: 'GET',
  path: '/api/public/{name}',
  auth: 'public',
  params: z.object({ name: z.string() }),
  response: z.object({ name: z.string() }),
});
const crash = defineContract({
  id: 'crash.get',
  method: 'GET',
  path: '/api/crash',
  auth: 'public',
  response: z.object({}),
});

/** A signed webhook's route: it answers the digest of the exact body it was handed. */
const hook = defineContract({
  id: 'hooks.receive',
  method: 'POST',
  path: '/api/hooks',
  auth: 'public',
  body: z.string(),
  rawBody: true,
  response: z.object({ sha256: z.string() }),
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const definition = defineFunction({
  name: 'things',
  routes: [
    route(hook, async ({ body }) => ({ sha256: sha256(body) })),
    route(getThing, async ({ params }) => ({ id: params.thingId })),
    route(getPublic, async ({ params }) => ({ name: params.name })),
    route(crash, async () => ({})),
  ],
  consumers: [],
  access: { table: 'read' },
});

function isHttpEvent(event: unknown): event is HttpEvent {
  return typeof event === 'object' && event !== null && 'rawPath' in event;
}

const pipeline = createHttpPipeline(definition.routes, powertoolsFor('things'));
const service: LoadedService = {
  manifest: { definition, entry: '' },
  async invoke(event) {
    if (!isHttpEvent(event)) throw new Error('Not an HTTP event');
    // A Lambda that fails outright (timeout, crash) rather than answering an error.
    if (event.rawPath === '/api/crash') throw new Error('Lambda crashed');
    return pipeline(event);
  },
};

let server: Server | undefined;
afterEach(async () => {
  const s = server;
  server = undefined;
  if (s) await new Promise((resolve) => s.close(resolve));
});

async function startGateway(overrides: Partial<GatewayOptions> = {}): Promise<number> {
  const { server: s } = createHttpGateway({
    services: [service],
    verifyToken: async (token) => (token === 'good' ? { sub: 'user-1' } : undefined),
    runtimeConfig: () => {
      throw new Error('not used');
    },
    health: async () => ({ status: 'ok', services: [] }),
    ...overrides,
  });
  server = s;
  return listen(s);
}

interface Answer {
  status: number;
  body: unknown;
}

/** The gateway's answer with its body as JSON (every gateway answer is JSON). */
async function call(
  port: number,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const answer = await rawRequest(port, path, opts);
  return { status: answer.status, body: json(answer) };
}

const INTERNAL = {
  error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
};

describe('local HTTP gateway on bad input', () => {
  it('answers 400 BAD_PATH for a malformed escape in a path parameter and keeps serving', async () => {
    const port = await startGateway();
    const badPath = {
      error: { code: 'BAD_PATH', message: 'The address contains an invalid escape sequence.' },
    };
    expect(await call(port, '/api/public/%E0%A4%A')).toEqual({ status: 400, body: badPath });
    expect(await call(port, '/api/things/%E0%A4%A', { headers: { authorization: 'Bearer good' } })).toEqual({
      status: 400,
      body: badPath,
    });
    // The authorizer still runs first, as in API Gateway.
    expect((await call(port, '/api/things/%E0%A4%A')).status).toBe(401);
    expect(await call(port, '/api/public/a%20b')).toEqual({ status: 200, body: { name: 'a b' } });
  });

  it('answers 400 for a request target that is not a URL', async () => {
    const port = await startGateway();
    expect(await call(port, '//[')).toEqual({
      status: 400,
      body: { error: { code: 'BAD_REQUEST_TARGET', message: 'The address is not valid.' } },
    });
    expect((await call(port, '/api/public/ok')).status).toBe(200);
  });

  it('answers 500 INTERNAL when verifying a token throws', async () => {
    const port = await startGateway({
      verifyToken: async () => {
        throw new Error('JWKS unreachable');
      },
    });
    expect(await call(port, '/api/things/1', { headers: { authorization: 'Bearer x' } })).toEqual({
      status: 500,
      body: INTERNAL,
    });
  });

  it("answers API Gateway's 500 when the Lambda invocation fails", async () => {
    const port = await startGateway();
    expect(await call(port, '/api/crash')).toEqual({
      status: 500,
      body: { message: 'Internal Server Error' },
    });
  });

  it('answers 500 INTERNAL when the health check, the web handler or the user pool proxy throws', async () => {
    const port = await startGateway({
      health: async () => {
        throw new Error('health broke');
      },
      web: () => {
        throw new Error('web broke');
      },
      cognitoProxy: async () => {
        throw new Error('cognito broke');
      },
    });
    expect(await call(port, '/api/health')).toEqual({ status: 500, body: INTERNAL });
    expect(await call(port, '/anything')).toEqual({ status: 500, body: INTERNAL });
    expect(await call(port, '/cognito', { method: 'POST', body: '{}' })).toEqual({
      status: 500,
      body: INTERNAL,
    });
    expect((await call(port, '/api/public/ok')).status).toBe(200);
  });

  it('answers 404 with an error body outside the API when it serves no web app', async () => {
    const port = await startGateway();
    expect(await call(port, '/')).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'The web app is not served by this gateway.' } },
    });
  });

  it('keeps serving after a client goes away in the middle of a body', async () => {
    const port = await startGateway();
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/api/public/x',
        method: 'POST',
        headers: { 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"partial":');
      setTimeout(() => req.destroy(), 50);
    });
    expect((await call(port, '/api/public/ok')).status).toBe(200);
  });
});

describe('local HTTP gateway and raw bodies', () => {
  it('hands a raw-body route the exact bytes that arrived (BOM, CRLF, spacing, non-ASCII)', async () => {
    const port = await startGateway();
    const body = '\uFEFF{ "id" : "evt_1",\r\n  "name": "Zapatillas ñ €" }  \n';
    const answer = await call(port, '/api/hooks', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=x' },
      body,
    });
    expect(answer).toEqual({ status: 201, body: { sha256: sha256(body) } });
  });

  it('passes text as is and base64-encodes bytes that are not UTF-8, as API Gateway does', () => {
    expect(eventBody(Buffer.alloc(0))).toEqual({ body: undefined, isBase64Encoded: false });
    const bom = Buffer.from('\uFEFF{}', 'utf8');
    expect(eventBody(bom)).toEqual({ body: '\uFEFF{}', isBase64Encoded: false });
    const binary = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    const event = eventBody(binary);
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body ?? '', 'base64').equals(binary)).toBe(true);
  });
});
