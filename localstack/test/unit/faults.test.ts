import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createEventBus } from '../../src/bus';
import { createFunctionFaults, isLostInvocation, RuntimeKilledError } from '../../src/faults';
import type { LoadedService } from '../../src/lambda';

const ENTRY = fileURLToPath(new URL('./support/slow-function.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'faults-'));
const faults = createFunctionFaults();
afterEach(() => faults.stop());

const beats = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the local fault switch', () => {
  it('runs an armed function once in a process of its own, then in-process again', async () => {
    faults.isolateNext('slow');
    const isolated = (await faults.invoke('slow', ENTRY, { answer: 1 }, async () => 'in-process')) as {
      answer: number;
      pid: number;
    };
    expect(isolated.answer).toBe(1);
    expect(isolated.pid).not.toBe(process.pid);
    expect(await faults.invoke('slow', ENTRY, { answer: 2 }, async () => 'in-process')).toBe('in-process');
  }, 60_000);

  it('kills the runtime mid-invocation: the handler stops there, and the invocation is lost', async () => {
    const file = join(dir, 'beats.txt');
    faults.isolateNext('slow');
    const running = faults.invoke('slow', ENTRY, { file }, async () => 'in-process');
    const outcome = running.then(
      () => 'answered',
      (error: unknown) => error,
    );
    for (let i = 0; i < 600 && beats(file) < 3; i++) await sleep(50);
    expect(beats(file)).toBeGreaterThanOrEqual(3);
    expect(faults.kill('slow')).toBe(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(RuntimeKilledError);
    expect(isLostInvocation(error)).toBe(true);
    expect(String((error as Error).message)).toContain('SIGKILL');
    const after = beats(file);
    await sleep(300);
    expect(beats(file)).toBe(after);
    expect(faults.kill('slow')).toBe(0);
  }, 60_000);

  it("the bus retries a failed delivery, not a killed runtime's: that event goes to the dead letters at once", async () => {
    const busWith = (error: Error) => {
      const calls = { n: 0 };
      const service: LoadedService = {
        manifest: {
          definition: defineFunction({
            name: 'worker',
            routes: [],
            consumers: [{ id: 'on-thing', detailTypes: ['Thing.Happened'], handle: async () => undefined }],
            access: { table: 'read' },
          }),
          entry: '',
        },
        async invoke() {
          calls.n += 1;
          throw error;
        },
      };
      return { bus: createEventBus([service], { busName: 'b', log: () => undefined }), calls };
    };
    const deliver = async ({ bus }: ReturnType<typeof busWith>) => {
      bus.server.listen(0, '127.0.0.1');
      await once(bus.server, 'listening');
      const { port } = bus.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'x-amz-target': 'AWSEvents.PutEvents' },
        body: JSON.stringify({ Entries: [{ Source: 's', DetailType: 'Thing.Happened', Detail: '{}' }] }),
      });
      expect(res.status).toBe(200);
      await bus.drain();
      bus.server.close();
    };
    const killed = busWith(new RuntimeKilledError('Runtime exited with error: signal: SIGKILL'));
    await deliver(killed);
    expect([killed.calls.n, killed.bus.deadLetters.length]).toEqual([1, 1]);
    const failing = busWith(new Error('broke'));
    await deliver(failing);
    expect([failing.calls.n, failing.bus.deadLetters.length]).toEqual([4, 1]);
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);
});
