import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { functionEnvName } from '../src/runtime/invoke';
import { createInvokeHandler } from '../src/runtime/invoke-handler';
import { defineFunction } from '../src/runtime/function';

const context: Context = {
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'fetcher',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:fetcher',
  memoryLimitInMB: '512',
  awsRequestId: 'req-1',
  logGroupName: '/aws/lambda/fetcher',
  logStreamName: 'test',
  getRemainingTimeInMillis: () => 1000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
};

function service(invoke?: (payload: unknown) => Promise<unknown>) {
  return defineFunction({
    name: 'fetcher',
    routes: [],
    consumers: [],
    access: { table: 'none' },
    ...(invoke ? { invoke } : {}),
  });
}

describe('createInvokeHandler', () => {
  it("answers the definition's invoke result for the payload", async () => {
    const seen: unknown[] = [];
    const handler = createInvokeHandler(
      service(async (payload) => {
        seen.push(payload);
        return { echoed: payload };
      }),
    );
    expect(await handler({ op: 'ping' }, context)).toEqual({ echoed: { op: 'ping' } });
    expect(seen).toEqual([{ op: 'ping' }]);
  });

  it('lets a failure reach Lambda (a FunctionError for the caller)', async () => {
    const handler = createInvokeHandler(
      service(async () => {
        throw new Error('upstream bug');
      }),
    );
    await expect(handler({}, context)).rejects.toThrow('upstream bug');
  });

  it('refuses a definition without invoke', () => {
    expect(() => createInvokeHandler(service())).toThrow('fetcher does not answer direct invocations');
  });

  it('names the environment variable of a function', () => {
    expect(functionEnvName('catalog-fetcher')).toBe('FUNCTION_CATALOG_FETCHER');
  });
});
