import { describe, expect, it } from 'vitest';
import {
  createAvatarUpload,
  createMyProfile,
  getDemoProfile,
  getMyProfile,
  setMyAvatar,
  updateMyProfile,
} from '@sneakers/shared/contracts/profiles';
import { DEMO } from '@sneakers/shared/demo';
import { api, newUser, raw, rejection } from '../../../../tests/support/cloud-client';
import { onboarding, ownFields, send } from './support';

describe('profiles API through the local gateway', () => {
  it('creates, reads and updates the caller’s own profile', async () => {
    const { token } = await newUser();
    const client = api(token);
    expect(await client.call(getMyProfile)).toEqual({ profile: null });

    const res = await send(token, 'POST', '/api/profile', onboarding);
    expect(res.status).toBe(201);
    const { profile } = (await res.json()) as { profile: Record<string, unknown> };
    expect(profile).toMatchObject({
      role: 'reseller',
      businessName: 'Sole Flip',
      subscriptionStatus: 'trial',
      subscriptionPlan: 'trial',
      trialDaysLeft: 14,
      isSuperuser: false,
      onboardingCompleted: true,
      publicWtsList: true,
      avatarUrl: null,
    });
    expect(Date.parse(profile.trialEndsAt as string) - Date.parse(profile.createdAt as string)).toBe(
      14 * 86_400_000,
    );
    expect(ownFields((await client.call(getMyProfile)).profile)).toEqual(ownFields(profile));

    const updated = await client.call(updateMyProfile, {
      body: { businessName: 'Sole Flip Valencia', preferredContact: 'whatsapp', instagramHandle: null },
    });
    expect(updated.profile).toMatchObject({
      businessName: 'Sole Flip Valencia',
      preferredContact: 'whatsapp',
      instagramHandle: null,
      contactEmail: 'contact@soleflip.example',
    });
    expect(ownFields((await client.call(getMyProfile)).profile)).toEqual(ownFields(updated.profile));
  });

  it('takes the superuser flag from the token only', async () => {
    const admin = await newUser({ superuser: true });
    expect((await api(admin.token).call(createMyProfile, { body: onboarding })).profile.isSuperuser).toBe(
      true,
    );
    const user = await newUser();
    const res = await send(user.token, 'POST', '/api/profile', { ...onboarding, isSuperuser: true });
    expect(res.status).toBe(400);
    expect((await api(user.token).call(getMyProfile)).profile).toBeNull();
  });

  it('keeps each user to their own profile, whatever the request says', async () => {
    const first = await newUser();
    const second = await newUser();
    const mine = (await api(first.token).call(createMyProfile, { body: onboarding })).profile;

    // The other user's token only ever reaches the other user's (missing) row.
    expect((await api(second.token).call(getMyProfile)).profile).toBeNull();
    const update = await rejection(
      api(second.token).call(updateMyProfile, { body: { businessName: 'Hijacked' } }),
    );
    expect(update).toMatchObject({ status: 404, code: 'PROFILE_NOT_FOUND' });

    // Ids, roles and flags smuggled in the body are refused, not applied.
    for (const body of [
      { businessName: 'Hijacked', userId: mine.userId },
      { id: mine.id },
      { isSuperuser: true },
      { role: 'store' },
      { subscriptionStatus: 'active' },
      { trialEndsAt: '2099-01-01T00:00:00.000Z' },
    ]) {
      const res = await send(first.token, 'PATCH', '/api/profile', body);
      expect(res.status).toBe(400);
    }
    const query = await raw(`/api/profile?userId=${encodeURIComponent(mine.userId)}`, {
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(query.status).toBe(400);
    expect(ownFields((await api(first.token).call(getMyProfile)).profile)).toEqual(ownFields(mine));
  });

  it('answers bad input with 400 and field errors', async () => {
    const { token } = await newUser();
    const cases: [unknown, string][] = [
      [{ ...onboarding, businessName: '   ' }, 'businessName'],
      [{ ...onboarding, contactEmail: 'not-an-email' }, 'contactEmail'],
      [{ ...onboarding, role: 'admin' }, 'role'],
      [{ ...onboarding, currency: 'JPY' }, 'currency'],
      [{ ...onboarding, language: 'fr' }, 'language'],
      [{ ...onboarding, phone: undefined }, 'phone'],
    ];
    for (const [body, field] of cases) {
      const res = await send(token, 'POST', '/api/profile', body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
      expect(json.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(json.error.fields)).toContain(field);
    }
    await api(token).call(createMyProfile, { body: onboarding });
    const empty = await send(token, 'PATCH', '/api/profile', {});
    expect(empty.status).toBe(400);
    const blank = await send(token, 'PATCH', '/api/profile', { location: ' ' });
    expect(((await blank.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({
      location: ['Location is required'],
    });
    const signedOut = await raw('/api/profile');
    expect(signedOut.status).toBe(401);
  });

  it('creates the profile exactly once under parallel retries', async () => {
    const { token } = await newUser();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(token, 'POST', '/api/profile', { ...onboarding, businessName: `Attempt ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const bodies = (await Promise.all(results.map((r) => r.json()))) as {
      profile: { businessName: string };
    }[];
    const names = new Set(bodies.map((b) => b.profile.businessName));
    expect(names.size).toBe(1);
    expect((await api(token).call(getMyProfile)).profile?.businessName).toBe([...names][0]);
  });

  it('serves the seeded demo store profile without signing in', async () => {
    const { profile } = await api().call(getDemoProfile);
    expect(profile).toMatchObject({
      userId: DEMO.userId,
      businessName: DEMO.businessName,
      role: 'store',
      contactEmail: DEMO.email,
      currency: 'EUR',
      language: 'en',
      publicWtbList: true,
    });
  });
});

describe('avatar uploads', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('presigns, uploads to S3, sets the avatar and serves it', async () => {
    const { token } = await newUser();
    const client = api(token);
    await client.call(createMyProfile, { body: onboarding });
    const upload = await client.call(createAvatarUpload, {
      body: { contentType: 'image/png', size: png.length },
    });
    expect(upload.key).toMatch(/^avatars\/[^/]+\/\d+\.png$/);
    expect(upload.headers).toMatchObject({ 'Content-Type': 'image/png', 'Cache-Control': 'max-age=3600' });

    const notYet = await rejection(client.call(setMyAvatar, { body: { key: upload.key } }));
    expect(notYet).toMatchObject({ status: 400, code: 'AVATAR_NOT_UPLOADED' });

    const put = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: png });
    expect(put.status).toBe(200);
    const { profile } = await client.call(setMyAvatar, { body: { key: upload.key } });
    expect(profile.avatarUrl).toMatch(new RegExp(`/${upload.key.replace(/\./g, '\\.')}$`));

    const served = await fetch(profile.avatarUrl ?? '');
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await client.call(getMyProfile)).profile?.avatarUrl).toBe(profile.avatarUrl);
  });

  it('refuses another user’s key with 403', async () => {
    const owner = await newUser();
    const other = await newUser();
    await api(owner.token).call(createMyProfile, { body: onboarding });
    await api(other.token).call(createMyProfile, { body: onboarding });
    const upload = await api(owner.token).call(createAvatarUpload, {
      body: { contentType: 'image/png', size: png.length },
    });
    await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: png });
    const error = await rejection(api(other.token).call(setMyAvatar, { body: { key: upload.key } }));
    expect(error.status).toBe(403);
    expect((await api(other.token).call(getMyProfile)).profile?.avatarUrl).toBeNull();
  });

  it('refuses files that are not images or are over 5 MB', async () => {
    const { token } = await newUser();
    const cases: [unknown, string][] = [
      [{ contentType: 'application/pdf', size: 100 }, 'Please select an image file'],
      [{ contentType: 'image/svg+xml', size: 100 }, 'Please select an image file'],
      [{ contentType: 'image/png', size: 5 * 1024 * 1024 + 1 }, 'Please select an image smaller than 5MB'],
      [{ contentType: 'image/png', size: 0 }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await send(token, 'POST', '/api/profile/avatar-upload', body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: { fields: Record<string, string[]> } };
      if (message) expect(Object.values(json.error.fields).flat()).toContain(message);
    }
    const ok = await send(token, 'POST', '/api/profile/avatar-upload', {
      contentType: 'image/jpeg',
      size: 5 * 1024 * 1024,
    });
    expect(ok.status).toBe(201);
  });
});
