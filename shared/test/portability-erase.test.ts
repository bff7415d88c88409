import { describe, expect, it } from 'vitest';
import { ERASE_ONLY_SERVICES, ERASE_SERVICES, PORTABILITY_SERVICES } from '../src/contracts/portability';
import { DEMO } from '../src/demo';
import { createEraseClient } from '../src/portability/client';
import { createEraseHandler } from '../src/portability/handler';
import {
  ERASE_BUDGET_MS,
  ERASE_PAGE,
  eraseAccountRows,
  eraseInPasses,
  type AccountRowsEraser,
} from '../src/portability/owner';

/**
 * The account deletion's side of the portability protocol (docs/adr/0032): erase-only
 * members, and an owner's erase as ordered, time-bounded passes over its kinds of rows.
 */
function memoryRows(kinds: Record<string, number>) {
  const left = new Map(Object.entries(kinds));
  const calls: string[] = [];
  const eraser: AccountRowsEraser = {
    passes: (userId, limit) =>
      [...left.keys()].map((kind) => async () => {
        calls.push(`${kind} ${userId} ${limit}`);
        const n = Math.min(left.get(kind) ?? 0, limit);
        left.set(kind, (left.get(kind) ?? 0) - n);
        return kind === 'sent' ? { deleted: 0, anonymised: n } : { deleted: n, anonymised: 0 };
      }),
  };
  return { eraser, left, calls };
}

function steppingClock(msPerRead: number) {
  let now = Date.parse('2026-11-29T00:00:00.000Z');
  return {
    now: () => {
      now += msPerRead;
      return new Date(now);
    },
  };
}

describe('erase in passes', () => {
  it('runs the passes in order, each until it finds nothing, and counts deleted and anonymised rows', async () => {
    const { eraser, left, calls } = memoryRows({ received: 250, sent: 30, settings: 1 });
    const erase = eraseAccountRows({ clock: steppingClock(1), eraser });
    expect(await erase({ op: 'erase', userId: 'user-ana' })).toEqual({
      deleted: 251,
      anonymised: 30,
      done: true,
    });
    expect([...left.values()]).toEqual([0, 0, 0]);
    expect(calls).toEqual([
      ...Array.from({ length: 4 }, () => `received user-ana ${ERASE_PAGE}`),
      `sent user-ana ${ERASE_PAGE}`,
      `sent user-ana ${ERASE_PAGE}`,
      `settings user-ana ${ERASE_PAGE}`,
      `settings user-ana ${ERASE_PAGE}`,
    ]);
  });

  it('answers done: false once its time is spent, and the next call continues', async () => {
    const { eraser, left } = memoryRows({ rows: 1_000 });
    const clock = steppingClock(ERASE_BUDGET_MS / 3);
    const first = await eraseInPasses(clock, eraser.passes('user-ana', 100));
    expect(first.done).toBe(false);
    expect(first.deleted).toBeGreaterThan(0);
    expect(first.deleted).toBeLessThan(1_000);
    let total = first.deleted;
    for (let call = 0; call < 20 && (left.get('rows') ?? 0) > 0; call++)
      total += (await eraseInPasses(clock, eraser.passes('user-ana', 100))).deleted;
    expect(total).toBe(1_000);
    expect(await eraseInPasses(clock, eraser.passes('user-ana', 100))).toEqual({
      deleted: 0,
      anonymised: 0,
      done: true,
    });
  });

  it('refuses the demo store', async () => {
    const { eraser, calls } = memoryRows({ rows: 5 });
    const erase = eraseAccountRows({ clock: steppingClock(1), eraser });
    await expect(erase({ op: 'erase', userId: DEMO.userId })).rejects.toMatchObject({
      status: 403,
      code: 'DEMO_MODE',
    });
    expect(calls).toEqual([]);
  });
});

describe('erase-only members', () => {
  it('are called after the store is offline, with the portable kinds owners among them, each once', () => {
    expect(new Set(ERASE_SERVICES).size).toBe(ERASE_SERVICES.length);
    expect([...ERASE_SERVICES].sort()).toEqual([...PORTABILITY_SERVICES, ...ERASE_ONLY_SERVICES].sort());
    expect(ERASE_SERVICES.slice(0, 2)).toEqual(['store-api-portability', 'storefront-portability']);
    expect(ERASE_SERVICES.at(-1)).toBe('notifications-portability');
  });

  it('answer erase through the client and refuse every other operation', async () => {
    const { eraser } = memoryRows({ rows: 3 });
    const handler = createEraseHandler(() => eraseAccountRows({ clock: steppingClock(1), eraser }));
    const sent: string[] = [];
    const client = createEraseClient(async (service, payload) => {
      sent.push(service);
      return handler(payload);
    });
    expect(await client.erase('pricing-portability', 'user-ana')).toEqual({
      deleted: 3,
      anonymised: 0,
      done: true,
    });
    expect(sent).toEqual(['pricing-portability']);
    await expect(
      handler({ op: 'keys', userId: 'user-ana', kind: 'inventory', cursor: null }),
    ).rejects.toThrow();
    await expect(handler({ op: 'erase' })).rejects.toThrow();
  });
});
