import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { AppError } from '@sneakers/shared/errors';
import {
  bearerToken,
  changeMyEmail,
  changeMyPassword,
  signOutEverywhere,
  verifyMyEmail,
} from '../../src/account/domain';
import type { AccountDeps } from '../../src/account/ports';

const ana: Actor = { kind: 'user', userId: 'user-ana', isSuperuser: false, isDemo: false };
const demo: Actor = { kind: 'user', userId: 'demo-store', isSuperuser: false, isDemo: true };
const impersonated: Actor = {
  kind: 'user',
  userId: 'user-ana',
  isSuperuser: false,
  isDemo: false,
  impersonator: { userId: 'admin', impersonationId: 'imp-1' },
};

function fakeDirectory() {
  const calls: string[] = [];
  const deps: AccountDeps = {
    directory: {
      changePassword: async (token, current, next) => void calls.push(`password ${token} ${current}>${next}`),
      requestEmailChange: async (token, email) => {
        calls.push(`email ${token} ${email}`);
        return { verificationRequired: true };
      },
      verifyEmail: async (token, code) => void calls.push(`verify ${token} ${code}`),
      signOutEverywhere: async (token) => void calls.push(`sign-out ${token}`),
    },
  };
  return { deps, calls };
}

async function status(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return [(error as AppError).status, (error as AppError).code];
}

describe('account security', () => {
  it("acts on the user behind the request's own access token", async () => {
    const { deps, calls } = fakeDirectory();
    await changeMyPassword(deps, ana, 'tok', { currentPassword: 'old-pass', newPassword: 'new-pass' });
    expect(await changeMyEmail(deps, ana, 'tok', 'new@example.com')).toEqual({
      email: 'new@example.com',
      verificationRequired: true,
    });
    await verifyMyEmail(deps, ana, 'tok', '123456');
    await signOutEverywhere(deps, ana, 'tok');
    expect(calls).toEqual([
      'password tok old-pass>new-pass',
      'email tok new@example.com',
      'verify tok 123456',
      'sign-out tok',
    ]);
  });

  it('refuses the demo identity (DEMO_MODE) and an impersonating superuser (IMPERSONATING), touching nothing', async () => {
    const { deps, calls } = fakeDirectory();
    for (const actor of [demo, impersonated]) {
      const expected = actor === demo ? [403, 'DEMO_MODE'] : [403, 'IMPERSONATING'];
      expect(
        await status(changeMyPassword(deps, actor, 't', { currentPassword: 'a', newPassword: 'bbbbbb' })),
      ).toEqual(expected);
      expect(await status(changeMyEmail(deps, actor, 't', 'x@example.com'))).toEqual(expected);
      expect(await status(verifyMyEmail(deps, actor, 't', '123456'))).toEqual(expected);
      expect(await status(signOutEverywhere(deps, actor, 't'))).toEqual(expected);
    }
    expect(await status(signOutEverywhere(deps, { kind: 'anonymous' }, 't'))).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
    expect(calls).toEqual([]);
  });

  it('reads the bearer token whatever the header case, and refuses a request without one', async () => {
    expect(bearerToken({ authorization: 'Bearer abc.def' })).toBe('abc.def');
    expect(bearerToken({ Authorization: 'bearer xyz' })).toBe('xyz');
    expect(() => bearerToken({})).toThrow(AppError);
    expect(() => bearerToken({ authorization: 'Basic abc' })).toThrow(AppError);
  });
});
