import { afterEach, describe, expect, it } from 'vitest';
import { resetRuntimeEnv } from '@sneakers/shared/runtime/config';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createStreamDispatcher } from '@sneakers/shared/runtime/stream-dispatcher';
import { createLambdaApi } from '../../src/lambda-api';
import type { LoadedService } from '../../src/lambda';
import { close, json, listen, rawRequest, type RawAnswer } from './support/raw-http';

/** Answers what the event asks for, the way a trigger handler would. */
const profiles: LoadedService = {
  manifest: {
    definition: defineFunction({ name: 'profiles', routes: [], consumers: [], access: { table: 'read' } }),
    entry: '',
  },
  async invoke(event) {
    const ask = typeof event === 'object' && event !== null && 'ask' in event ? event.ask : undefined;
    if (ask === 'throw') throw new TypeError('trigger broke');
    // A result JSON cannot represent, so answering it throws inside the API.
    if (ask === 'bigint') return { count: 1n };
    return { echoed: event };
  },
};

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function startApi() {
  const logs: string[] = [];
  const { server } = createLambdaApi(new Map([['profiles', profiles]]), { log: (line) => logs.push(line) });
  const port = await listen(server);
  stop = () => close(server);
  return { port, logs };
}

function invoke(port: number, path: string, payload: unknown): Promise<RawAnswer> {
  return rawRequest(port, path, { method: 'POST', body: JSON.stringify(payload) });
}

const INVOKE =
  '/2015-03-31/functions/arn%3Aaws%3Alambda%3Alocal%3A000000000000%3Afunction%3Aprofiles/invocations';

describe('local Lambda Invoke API on bad input', () => {
  it('answers 400 ValidationException for a malformed escape in the function name and keeps serving', async () => {
    const { port } = await startApi();
    const bad = await invoke(port, '/2015-03-31/functions/%E0%A4%A/invocations', { ask: 'echo' });
    expect(bad.status).toBe(400);
    expect(bad.headers['x-amzn-errortype']).toBe('ValidationException');
    expect(json(bad)).toEqual({ Type: 'User', message: 'The address contains an invalid escape sequence.' });

    const ok = await invoke(port, INVOKE, { ask: 'echo' });
    expect(ok.status).toBe(200);
    expect(json(ok)).toEqual({ echoed: { ask: 'echo' } });
  });

  it('answers 400 ValidationException for a request target that is not a URL and keeps serving', async () => {
    const { port } = await startApi();
    const bad = await invoke(port, '//[', {});
    expect(bad.status).toBe(400);
    expect(bad.headers['x-amzn-errortype']).toBe('ValidationException');
    expect(json(bad)).toEqual({ Type: 'User', message: 'The address is not valid.' });
    expect((await invoke(port, INVOKE, {})).status).toBe(200);
  });

  it('answers 500 ServiceException when answering an invocation throws, and keeps serving', async () => {
    const { port, logs } = await startApi();
    const failed = await invoke(port, INVOKE, { ask: 'bigint' });
    expect(failed.status).toBe(500);
    expect(failed.headers['x-amzn-errortype']).toBe('ServiceException');
    expect(json(failed)).toEqual({
      Type: 'Service',
      message: 'The local Lambda service encountered an internal error.',
    });
    expect(logs).toEqual([expect.stringMatching(/^Lambda API: .*BigInt/)]);
    expect((await invoke(port, INVOKE, {})).status).toBe(200);
  });

  it("answers a handler's throw as Lambda does: 200 with X-Amz-Function-Error", async () => {
    const { port } = await startApi();
    const failed = await invoke(port, INVOKE, { ask: 'throw' });
    expect(failed.status).toBe(200);
    expect(failed.headers['x-amz-function-error']).toBe('Unhandled');
    expect(json(failed)).toEqual({ errorMessage: 'trigger broke', errorType: 'TypeError' });
  });

  it('answers 400 InvalidRequestContentException for a payload that is not JSON', async () => {
    const { port } = await startApi();
    const bad = await rawRequest(port, INVOKE, { method: 'POST', body: '{' });
    expect(bad.status).toBe(400);
    expect(bad.headers['x-amzn-errortype']).toBe('InvalidRequestContentException');
  });
});

describe('the table stream dispatcher through the local Lambda API (docs/adr/0029)', () => {
  it('hands each stream handler its records by function name and answers the earliest failure', async () => {
    const received = new Map<string, unknown[]>();
    const handler = (name: string, fail: (seq: string) => boolean): LoadedService => ({
      manifest: {
        definition: defineFunction({ name, routes: [], consumers: [], access: { table: 'read' } }),
        entry: '',
      },
      async invoke(event) {
        const records = (event as { Records: { dynamodb: { SequenceNumber: string } }[] }).Records;
        received.set(name, records);
        if (name === 'broken') throw new Error('handler broke');
        return {
          batchItemFailures: records
            .filter((r) => fail(r.dynamodb.SequenceNumber))
            .map((r) => ({ itemIdentifier: r.dynamodb.SequenceNumber })),
        };
      },
    });
    const services = new Map([
      ['ledger', handler('ledger', (seq) => seq === '3')],
      ['relay', handler('relay', () => false)],
      ['broken', handler('broken', () => false)],
    ]);
    const logs: string[] = [];
    const { server } = createLambdaApi(services, { log: (line) => logs.push(line) });
    const port = await listen(server);
    stop = () => close(server);
    const saved = { TABLE_NAME: process.env.TABLE_NAME, LAMBDA_ENDPOINT: process.env.LAMBDA_ENDPOINT };
    process.env.TABLE_NAME ??= 'local-test';
    process.env.LAMBDA_ENDPOINT = `http://127.0.0.1:${port}`;
    resetRuntimeEnv();
    try {
      const record = (seq: string, entity: string) => ({
        eventID: `id-${seq}`,
        eventName: 'INSERT',
        dynamodb: { SequenceNumber: seq, NewImage: { __edb_e__: { S: entity } } },
      });
      const dispatch = createStreamDispatcher({
        targets: [
          { name: 'relay', entities: ['outbox'], events: ['INSERT'] },
          { name: 'ledger', entities: ['sale'], events: ['INSERT'] },
        ],
      });
      const batch = [record('1', 'outbox'), record('2', 'sale'), record('3', 'sale'), record('4', 'outbox')];
      await expect(dispatch({ Records: batch })).resolves.toEqual({
        batchItemFailures: [{ itemIdentifier: '3' }],
      });
      // Each handler got the raw records its filter wants, nothing else.
      expect(received.get('relay')).toEqual([batch[0], batch[3]]);
      expect(received.get('ledger')).toEqual([batch[1], batch[2]]);

      // A handler that throws fails its whole share, from its first record.
      const withBroken = createStreamDispatcher({
        targets: [
          { name: 'relay', entities: ['outbox'], events: ['INSERT'] },
          { name: 'broken', entities: ['sale'], events: ['INSERT'] },
        ],
      });
      await expect(withBroken({ Records: batch })).resolves.toEqual({
        batchItemFailures: [{ itemIdentifier: '2' }],
      });
      expect(logs).toEqual(['lambda broken failed: handler broke']);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) Reflect.deleteProperty(process.env, key);
        else process.env[key] = value;
      }
      resetRuntimeEnv();
    }
  });
});
