import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { DAY_MS } from '@sneakers/shared/clock';
import { profileCreateSchema } from '@sneakers/shared/contracts/profiles';
import { AppError, UnauthenticatedError } from '@sneakers/shared/errors';
import { createAvatarUpload, setMyAvatar } from '../../src/avatars/domain';
import { getDemoProfile } from '../../src/demo-session/domain';
import { createMyProfile, getMyProfile, trialDaysLeft, updateMyProfile } from '../../src/profiles/domain';
import { kicksMadrid as input, memoryDeps } from './memory';

const ana: Actor = { kind: 'user', userId: 'user-ana', isSuperuser: false, isDemo: false };
const bob: Actor = { kind: 'user', userId: 'user-bob', isSuperuser: true, isDemo: false };
const demo: Actor = { kind: 'user', userId: 'demo-store', isSuperuser: false, isDemo: true };

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('trial days left', () => {
  const end = '2026-12-06T10:00:00.000Z';
  it('rounds a partial day up', () => {
    expect(trialDaysLeft(end, new Date(Date.parse(end) - 13.2 * DAY_MS))).toBe(14);
    expect(trialDaysLeft(end, new Date(Date.parse(end) - 1))).toBe(1);
  });
  it('is 0 at the end and never below 0 after it', () => {
    expect(trialDaysLeft(end, new Date(end))).toBe(0);
    expect(trialDaysLeft(end, new Date(Date.parse(end) + 40 * DAY_MS))).toBe(0);
  });
});

describe('creating a profile', () => {
  it('starts a 14-day trial with the documented defaults, superuser only from the token', async () => {
    const { deps } = memoryDeps();
    const { profile, created } = await createMyProfile(deps, bob, input);
    expect(created).toBe(true);
    expect(profile).toMatchObject({
      id: 'user-bob',
      userId: 'user-bob',
      subscriptionStatus: 'trial',
      subscriptionPlan: 'trial',
      trialEndsAt: '2026-12-06T10:00:00.000Z',
      trialDaysLeft: 14,
      onboardingCompleted: true,
      emailNotifications: true,
      pushNotifications: true,
      publicWtcList: false,
      publicInventory: false,
      profileVisibleInDeals: true,
      isSuperuser: true,
      instagramHandle: null,
      discord: null,
      avatarUrl: null,
    });
    expect((await createMyProfile(deps, ana, input)).profile.isSuperuser).toBe(false);
  });

  it('announces Profile.Created once, with an id from the user, for the welcome email', async () => {
    const { deps, events } = memoryDeps();
    await createMyProfile(deps, ana, input);
    await createMyProfile(deps, ana, input);
    expect(events.map((e) => [e.eventId, e.detailType])).toEqual([
      ['profile-created.user-ana', 'Profile.Created'],
    ]);
    expect(events[0]?.detail.data).toEqual({
      userId: 'user-ana',
      role: 'store',
      businessName: 'Kicks Madrid',
      contactEmail: 'hola@kicks.example',
      language: 'es',
      trialEndsAt: '2026-12-06T10:00:00.000Z',
    });
  });

  it('accepts consignor as a synonym of reseller', async () => {
    const { deps } = memoryDeps();
    const parsed = profileCreateSchema.parse({ ...input, role: 'consignor' });
    expect((await createMyProfile(deps, ana, parsed)).profile.role).toBe('reseller');
  });

  it('is idempotent: a retry returns the first profile unchanged', async () => {
    const { deps, clock } = memoryDeps();
    const first = await createMyProfile(deps, ana, input);
    clock.advance(DAY_MS);
    const retry = await createMyProfile(deps, ana, { ...input, businessName: 'Other name' });
    expect(retry.created).toBe(false);
    expect(retry.profile.businessName).toBe('Kicks Madrid');
    expect(retry.profile.createdAt).toBe(first.profile.createdAt);
    expect(retry.profile.trialDaysLeft).toBe(13);
  });

  it('needs a signed-in user', async () => {
    const { deps } = memoryDeps();
    await expect(getMyProfile(deps, { kind: 'anonymous' })).rejects.toBeInstanceOf(UnauthenticatedError);
  });
});

describe('updating a profile', () => {
  it('changes only the caller’s own row', async () => {
    const { deps } = memoryDeps();
    await createMyProfile(deps, ana, input);
    await createMyProfile(deps, bob, { ...input, businessName: 'Bob Resells' });
    const updated = await updateMyProfile(deps, bob, { businessName: 'Bob 2', instagramHandle: 'bob' });
    expect(updated).toMatchObject({ userId: 'user-bob', businessName: 'Bob 2', instagramHandle: 'bob' });
    expect((await getMyProfile(deps, ana))?.businessName).toBe('Kicks Madrid');
    const cleared = await updateMyProfile(deps, bob, { instagramHandle: '' });
    expect(cleared.instagramHandle).toBeNull();
  });

  it('refuses demo users with DEMO_MODE', async () => {
    const { deps } = memoryDeps();
    const error = await rejection(updateMyProfile(deps, demo, { businessName: 'x' }));
    expect(error).toMatchObject({
      status: 403,
      code: 'DEMO_MODE',
      message: 'Demo users cannot save changes.',
    });
  });

  it('answers 404 PROFILE_NOT_FOUND before onboarding', async () => {
    const { deps } = memoryDeps();
    expect(await rejection(updateMyProfile(deps, ana, { phone: '1' }))).toMatchObject({
      status: 404,
      code: 'PROFILE_NOT_FOUND',
    });
  });
});

describe('avatars', () => {
  it('presigns a key under the caller’s folder named by time and type', async () => {
    const { deps } = memoryDeps();
    const upload = await createAvatarUpload(deps, ana, { contentType: 'image/png', size: 1000 });
    expect(upload.key).toBe(`avatars/user-ana/${Date.parse('2026-11-22T10:00:00Z')}.png`);
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png', 'Cache-Control': 'max-age=3600' });
  });

  it('sets only the caller’s own uploaded key', async () => {
    const { deps, objects } = memoryDeps();
    await createMyProfile(deps, ana, input);
    const key = 'avatars/user-ana/1.png';
    expect(await rejection(setMyAvatar(deps, ana, { key }))).toMatchObject({ code: 'AVATAR_NOT_UPLOADED' });
    objects.add(key);
    expect((await setMyAvatar(deps, ana, { key })).avatarUrl).toBe(`https://media.example/${key}`);
    for (const other of [
      'avatars/user-bob/1.png',
      'avatars/user-ana-2/1.png',
      'avatars/user-ana/../x.png',
      'x',
    ])
      expect((await rejection(setMyAvatar(deps, ana, { key: other }))).status).toBe(403);
  });
});

describe('the demo profile', () => {
  it('is 404 until seeded', async () => {
    const { deps } = memoryDeps();
    expect((await rejection(getDemoProfile(deps))).status).toBe(404);
    await deps.profiles.create({
      ...(await createMyProfile(deps, ana, input)).profile,
      id: 'demo-store',
      userId: 'demo-store',
      closingSince: null,
    });
    expect((await getDemoProfile(deps)).userId).toBe('demo-store');
  });

  it('shows a trial with days left however long ago it was seeded', async () => {
    const { deps, clock } = memoryDeps();
    await deps.profiles.create({
      ...(await createMyProfile(deps, ana, input)).profile,
      id: 'demo-store',
      userId: 'demo-store',
      closingSince: null,
    });
    clock.advance(20 * DAY_MS);
    const demo = await getDemoProfile(deps);
    expect(demo.trialDaysLeft).toBe(8);
    expect(Date.parse(demo.trialEndsAt)).toBeGreaterThan(clock.now().getTime());
  });
});
