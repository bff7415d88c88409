import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { DAY_MS, fixedClock } from '@sneakers/shared/clock';
import { ACCOUNT_CLOSURE_GRACE_DAYS } from '@sneakers/shared/contracts/profiles';
import { ERASE_SERVICES, type EraseService } from '@sneakers/shared/contracts/portability';
import { BadRequestError } from '@sneakers/shared/errors';
import { createEraseClient } from '@sneakers/shared/portability/client';
import {
  cancelAccountClosure,
  closeMyAccount,
  getAccountClosure,
  sweepClosures,
} from '../../src/closure/domain';
import type { ClosureDeps, ClosureRecord } from '../../src/closure/ports';

const ana: Actor = { kind: 'user', userId: 'user-ana', isSuperuser: false, isDemo: false };
const demo: Actor = { kind: 'user', userId: 'demo-store', isSuperuser: false, isDemo: true };
const impersonated: Actor = { ...ana, impersonator: { userId: 'admin', impersonationId: 'imp-1' } };

async function failure(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: { status: number; code: string }) => e,
  );
  return [error.status, error.code];
}

function memoryClosure() {
  const clock = fixedClock('2026-11-20T10:00:00.000Z');
  const closures = new Map<string, ClosureRecord>();
  const profiles = new Map<string, { closingSince: string | null }>([['user-ana', { closingSince: null }]]);
  const calls: string[] = [];
  const events: { detailType: string; detail: { data: unknown } }[] = [];
  /** Erase calls each service needs before it says done. */
  const eraseLeft = new Map<EraseService, number>(ERASE_SERVICES.map((s) => [s, 2]));
  const failing = { service: null as EraseService | null };
  const deps: ClosureDeps = {
    clock,
    graceMs: ACCOUNT_CLOSURE_GRACE_DAYS * DAY_MS,
    portability: createEraseClient(async (service, payload) => {
      const { userId } = payload as { userId: string };
      if (failing.service === service) throw new Error(`${service} is down`);
      calls.push(`erase ${service} ${userId}`);
      const left = (eraseLeft.get(service) ?? 0) - 1;
      eraseLeft.set(service, left);
      return { deleted: 5, anonymised: 1, done: left <= 0 };
    }),
    uploads: {
      deletePrefix: async (prefix) => {
        calls.push(`uploads ${prefix}`);
        return 1;
      },
    },
    directory: {
      usernameOf: async (token) => `username-of-${token}`,
      checkPassword: async (_username, password) => {
        if (password !== 'right-password') throw new BadRequestError('WRONG_PASSWORD', 'wrong');
      },
      signOutEverywhere: async (token) => void calls.push(`sign-out ${token}`),
      deleteUser: async (username) => void calls.push(`delete-user ${username}`),
    },
    repo: {
      get: async (userId) => (closures.has(userId) ? { ...closures.get(userId)! } : null),
      profile: async (userId) =>
        profiles.has(userId)
          ? ({ userId, contactEmail: 'ana@example.com', language: 'es', businessName: 'Kicks Ana' } as never)
          : null,
      async request(closure, event) {
        if (closures.has(closure.userId)) return 'pending';
        closures.set(closure.userId, { ...closure });
        const profile = profiles.get(closure.userId);
        if (profile) profile.closingSince = closure.requestedAt;
        events.push(event);
        return 'committed';
      },
      async cancel(userId) {
        const profile = profiles.get(userId);
        if (profile) profile.closingSince = null;
        return closures.delete(userId);
      },
      async due(now, limit) {
        return [...closures.values()].filter((c) => c.deleteAfter <= now).slice(0, limit);
      },
      async markDone(userId, step) {
        const c = closures.get(userId);
        if (c && !c.done.includes(step)) c.done.push(step);
      },
      async finish(userId, event) {
        profiles.delete(userId);
        closures.delete(userId);
        events.push(event);
      },
    },
  };
  return { deps, clock, closures, profiles, calls, events, eraseLeft, failing };
}

describe('closing the account', () => {
  it('checks the password again, freezes the account at once and answers the deletion date', async () => {
    const { deps, calls, profiles, events } = memoryClosure();
    expect(await failure(closeMyAccount(deps, ana, 'tok', 'wrong'))).toEqual([400, 'WRONG_PASSWORD']);
    expect(calls).toEqual([]);
    const closure = await closeMyAccount(deps, ana, 'tok', 'right-password');
    expect(closure).toEqual({
      requestedAt: '2026-11-20T10:00:00.000Z',
      deleteAfter: new Date(Date.parse('2026-11-20T10:00:00.000Z') + 30 * DAY_MS).toISOString(),
    });
    expect(calls).toEqual(['sign-out tok']);
    expect(profiles.get('user-ana')?.closingSince).toBe('2026-11-20T10:00:00.000Z');
    expect(events[0]).toMatchObject({
      detailType: 'Account.ClosureRequested',
      detail: {
        data: {
          userId: 'user-ana',
          contactEmail: 'ana@example.com',
          language: 'es',
          deleteAfter: closure.deleteAfter,
        },
      },
    });
    expect(await getAccountClosure(deps, ana)).toEqual(closure);
    expect(await failure(closeMyAccount(deps, ana, 'tok', 'right-password'))).toEqual([
      409,
      'CLOSURE_PENDING',
    ]);
  });

  it('refuses demo users and impersonators', async () => {
    const { deps } = memoryClosure();
    expect(await failure(closeMyAccount(deps, demo, 'tok', 'right-password'))).toEqual([403, 'DEMO_MODE']);
    expect(await failure(closeMyAccount(deps, impersonated, 'tok', 'right-password'))).toEqual([
      403,
      'IMPERSONATING',
    ]);
    expect(await failure(cancelAccountClosure(deps, impersonated))).toEqual([403, 'IMPERSONATING']);
  });

  it('is cancelled by the user within the grace period, and then never swept', async () => {
    const { deps, clock, profiles, calls } = memoryClosure();
    await closeMyAccount(deps, ana, 'tok', 'right-password');
    await cancelAccountClosure(deps, ana);
    expect(profiles.get('user-ana')?.closingSince).toBeNull();
    expect(await getAccountClosure(deps, ana)).toBeNull();
    expect(await failure(cancelAccountClosure(deps, ana))).toEqual([409, 'NO_CLOSURE']);
    clock.advance(31 * DAY_MS);
    expect(await sweepClosures(deps)).toBe(0);
    expect(calls.filter((c) => c.startsWith('erase'))).toEqual([]);
  });

  it('is deleted by the sweep only after the grace: every owner erases until done, then uploads, the user, the profile', async () => {
    const { deps, clock, calls, profiles, closures, events } = memoryClosure();
    await closeMyAccount(deps, ana, 'tok', 'right-password');
    clock.advance(29 * DAY_MS);
    expect(await sweepClosures(deps)).toBe(0);
    clock.advance(DAY_MS);
    expect(await sweepClosures(deps)).toBe(1);
    expect(calls.slice(1)).toEqual([
      ...ERASE_SERVICES.flatMap((s) => [`erase ${s} user-ana`, `erase ${s} user-ana`]),
      'uploads avatars/user-ana/',
      'delete-user username-of-tok',
    ]);
    expect(profiles.has('user-ana')).toBe(false);
    expect(closures.size).toBe(0);
    expect(events.at(-1)).toMatchObject({
      detailType: 'Account.Deleted',
      detail: { data: { userId: 'user-ana', contactEmail: 'ana@example.com', language: 'es' } },
    });
  });

  it('continues after a crash midway without redoing the steps done', async () => {
    const { deps, clock, calls, failing, closures } = memoryClosure();
    await closeMyAccount(deps, ana, 'tok', 'right-password');
    clock.advance(31 * DAY_MS);
    failing.service = 'providers-portability';
    await expect(sweepClosures(deps)).rejects.toThrow(/providers-portability is down/);
    const failed = ERASE_SERVICES.indexOf('providers-portability');
    expect(closures.get('user-ana')?.done).toEqual(ERASE_SERVICES.slice(0, failed));
    failing.service = null;
    calls.length = 0;
    expect(await sweepClosures(deps)).toBe(1);
    expect(calls).toEqual([
      ...ERASE_SERVICES.slice(failed).flatMap((s) => [`erase ${s} user-ana`, `erase ${s} user-ana`]),
      'uploads avatars/user-ana/',
      'delete-user username-of-tok',
    ]);
  });
});
