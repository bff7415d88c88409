import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { fixedClock } from '@sneakers/shared/clock';
import {
  COMING_SOON_DEFAULTS,
  type ComingSoonSettings,
  type SignupSettings,
} from '@sneakers/shared/contracts/settings';
import { ForbiddenError, UnauthenticatedError } from '@sneakers/shared/errors';
import { sequenceIds } from '@sneakers/shared/ids';
import {
  gateSignUp,
  getComingSoonSettings,
  SIGNUP_DISABLED_FALLBACK,
  getSignupSettings,
  updateComingSoonSettings,
  updateSignupSettings,
} from '../../src/settings/domain';
import type { SettingsAuditItem, SettingsChangedEvent, SettingsDeps } from '../../src/settings/ports';

/** An in-memory implementation of the domain's repository port, for the pure rules. */
function memoryDeps() {
  const events: SettingsChangedEvent[] = [];
  const audit: SettingsAuditItem[] = [];
  let comingSoon: ComingSoonSettings | null = null;
  let signup: SignupSettings | null = null;
  const deps: SettingsDeps = {
    clock: fixedClock('2026-11-22T10:00:00Z'),
    ids: sequenceIds('evt'),
    repo: {
      getComingSoon: async () => comingSoon,
      saveComingSoon: async (s, e, a) => {
        comingSoon = s;
        events.push(e);
        audit.push(a);
      },
      getSignup: async () => signup,
      saveSignup: async (s, e, a) => {
        signup = s;
        events.push(e);
        audit.push(a);
      },
    },
  };
  return { deps, events, audit };
}

const superuser: Actor = {
  kind: 'user',
  userId: 'admin-1',
  email: 'Admin@Example.com',
  isSuperuser: true,
  isDemo: false,
};
const user: Actor = { kind: 'user', userId: 'user-1', isSuperuser: false, isDemo: false };

describe('coming-soon settings', () => {
  it('reads as none before anything is saved', async () => {
    expect(await getComingSoonSettings(memoryDeps().deps)).toBeNull();
  });

  it('fills the documented defaults when the first update sets only one field', async () => {
    const { deps, events } = memoryDeps();
    const saved = await updateComingSoonSettings(deps, superuser, { isEnabled: true });
    expect(saved).toEqual({
      id: 'global',
      isEnabled: true,
      title: COMING_SOON_DEFAULTS.title,
      subtitle: COMING_SOON_DEFAULTS.subtitle,
      launchDate: null,
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(events[0]).toMatchObject({
      detailType: 'Settings.Changed',
      detail: {
        schema: 'settings-changed.v1',
        eventId: 'evt-0001',
        data: { setting: 'comingSoon', changedBy: 'admin-1' },
      },
    });
  });

  it('keeps fields that an update leaves out, and clears the launch date on null', async () => {
    const { deps } = memoryDeps();
    await updateComingSoonSettings(deps, superuser, { title: 'Drop', launchDate: '2027-01-01' });
    expect(await updateComingSoonSettings(deps, superuser, { subtitle: 'Soon' })).toMatchObject({
      title: 'Drop',
      launchDate: '2027-01-01',
    });
    expect(await updateComingSoonSettings(deps, superuser, { launchDate: null })).toMatchObject({
      launchDate: null,
    });
  });

  it('records each change in the audit log with the values before and after', async () => {
    const { deps, audit } = memoryDeps();
    const first = await updateComingSoonSettings(deps, superuser, { isEnabled: true });
    const second = await updateComingSoonSettings(deps, superuser, { title: 'Drop' });
    expect(audit).toEqual([
      {
        log: 'audit',
        id: 'evt-0002',
        at: '2026-11-22T10:00:00.000Z',
        action: 'settings.comingSoon',
        actorUserId: 'admin-1',
        actorEmail: 'admin@example.com',
        subject: 'comingSoon',
        after: JSON.stringify(first),
      },
      expect.objectContaining({
        id: 'evt-0004',
        before: JSON.stringify(first),
        after: JSON.stringify(second),
      }),
    ]);
  });

  it('records the real superuser behind a change made while impersonating', async () => {
    const { deps, audit } = memoryDeps();
    const impersonating: Actor = {
      kind: 'user',
      userId: 'admin-2',
      isSuperuser: true,
      isDemo: false,
      impersonator: { userId: 'admin-1', email: 'admin@example.com', impersonationId: 'imp-1' },
    };
    await updateComingSoonSettings(deps, impersonating, { isEnabled: true });
    expect(audit[0]).toMatchObject({ actorUserId: 'admin-1', impersonatedUserId: 'admin-2' });
  });

  it('allows only superusers, and says "User not authenticated" to the signed out', async () => {
    const { deps, events, audit } = memoryDeps();
    await expect(updateComingSoonSettings(deps, { kind: 'anonymous' }, { isEnabled: true })).rejects.toThrow(
      new UnauthenticatedError('User not authenticated'),
    );
    await expect(updateComingSoonSettings(deps, user, { isEnabled: true })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(events).toHaveLength(0);
    expect(audit).toHaveLength(0);
  });
});

describe('sign-up settings', () => {
  it('is enabled when no row exists', async () => {
    expect(await getSignupSettings(memoryDeps().deps)).toMatchObject({ isEnabled: true, subtitle: null });
  });

  it('records sign-up changes in the audit log, with no "before" while no row existed', async () => {
    const { deps, audit } = memoryDeps();
    const closed = await updateSignupSettings(deps, superuser, { isEnabled: false, subtitle: 'Back soon' });
    const reopened = await updateSignupSettings(deps, superuser, { isEnabled: true });
    expect(
      audit.map((a) => [a.action, a.subject, 'before' in a ? a.before : null, 'after' in a ? a.after : null]),
    ).toEqual([
      ['settings.signup', 'signup', null, JSON.stringify(closed)],
      ['settings.signup', 'signup', JSON.stringify(closed), JSON.stringify(reopened)],
    ]);
  });

  it('closes with a message and reopens keeping it', async () => {
    const { deps } = memoryDeps();
    await updateSignupSettings(deps, superuser, { isEnabled: false, subtitle: 'Back soon' });
    expect(await getSignupSettings(deps)).toMatchObject({ isEnabled: false, subtitle: 'Back soon' });
    expect(await updateSignupSettings(deps, superuser, { isEnabled: true })).toMatchObject({
      isEnabled: true,
      subtitle: 'Back soon',
    });
  });
});

describe('the sign-up gate (Cognito PreSignUp)', () => {
  const signUp = { triggerSource: 'PreSignUp_SignUp' };

  it('confirms and verifies new sign-ups while sign-up is open (or has no row)', async () => {
    const { deps } = memoryDeps();
    expect(await gateSignUp(deps, signUp)).toEqual({ autoConfirmUser: true, autoVerifyEmail: true });
  });

  it('rejects with the settings subtitle, or the fallback, when closed', async () => {
    const { deps } = memoryDeps();
    await updateSignupSettings(deps, superuser, { isEnabled: false, subtitle: 'Back in spring.' });
    await expect(gateSignUp(deps, signUp)).rejects.toThrow('Back in spring.');
    await updateSignupSettings(deps, superuser, { subtitle: null });
    await expect(gateSignUp(deps, signUp)).rejects.toThrow(SIGNUP_DISABLED_FALLBACK);
    expect(SIGNUP_DISABLED_FALLBACK).toBe('Registration is currently not available.');
  });

  it('does not gate accounts an administrator creates', async () => {
    const { deps } = memoryDeps();
    await updateSignupSettings(deps, superuser, { isEnabled: false });
    await expect(gateSignUp(deps, { triggerSource: 'PreSignUp_AdminCreateUser' })).resolves.toEqual({
      autoConfirmUser: false,
      autoVerifyEmail: false,
    });
  });
});
