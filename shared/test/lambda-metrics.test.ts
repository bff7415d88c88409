import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { defineContract } from '../src/contracts/contract';
import type { HttpEvent } from '../src/http/http-pipeline';
import { createLambdaHandler } from '../src/runtime/lambda-handler';
import { defineFunction, route } from '../src/runtime/function';
import { resetRuntimeEnv } from '../src/runtime/config';
import { powertoolsFor } from '../src/runtime/powertools';

const ping = defineContract({
  id: 'metrics-test.ping',
  method: 'GET',
  path: '/api/metrics-test/ping',
  auth: 'public',
  response: z.object({ ok: z.boolean() }),
});

const context = { functionName: 'metrics-test', awsRequestId: 'req-1' } as Context;

function get(path: string): HttpEvent {
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
    },
  } as unknown as HttpEvent;
}

describe('the Lambda adapter publishes metrics', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    resetRuntimeEnv();
  });

  it('says nothing for an invocation that added no metric, and still flushes the ones that did', async () => {
    vi.stubEnv('TABLE_NAME', 'metrics-test');
    resetRuntimeEnv();
    const written: string[] = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void capture(args.join(' ')));

    const handler = createLambdaHandler(
      defineFunction({
        name: 'metrics-test',
        routes: [route(ping, async () => ({ ok: true }))],
        consumers: [],
        access: { table: 'none' },
      }),
    );
    // An unknown path answers 404 before any metric is added; a route adds HttpRequests.
    for (let i = 0; i < 3; i++) {
      expect(await handler(get('/api/metrics-test/nowhere'), context)).toMatchObject({ statusCode: 404 });
    }
    expect(await handler(get('/api/metrics-test/ping'), context)).toMatchObject({ statusCode: 200 });

    expect(written.filter((line) => line.includes('No application metrics'))).toEqual([]);
    expect(powertoolsFor('metrics-test').metrics.hasStoredMetrics()).toBe(false);
  });
});
