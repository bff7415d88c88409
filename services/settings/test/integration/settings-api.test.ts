import { describe, expect, it } from 'vitest';
import { listAuditLog } from '@sneakers/shared/contracts/admin';
import {
  COMING_SOON_DEFAULTS,
  getComingSoonSettings,
  getSignupSettings,
  updateComingSoonSettings,
  updateSignupSettings,
} from '@sneakers/shared/contracts/settings';
import {
  api,
  cloud,
  newUser,
  openSocket,
  raw,
  rejection,
  signIn,
} from '../../../../tests/support/cloud-client';

describe('settings API through the local gateway', () => {
  it('serves the seeded coming-soon row with its defaults, switched off', async () => {
    const { settings } = await api().call(getComingSoonSettings);
    expect(settings).toMatchObject({ isEnabled: false, title: COMING_SOON_DEFAULTS.title, launchDate: null });
  });

  it('treats sign-up as enabled while no row exists', async () => {
    const { settings } = await api().call(getSignupSettings);
    expect(settings.isEnabled).toBe(true);
  });

  it('refuses updates from signed-out callers with "User not authenticated"', async () => {
    const res = await raw('/api/settings/coming-soon', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isEnabled: true }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
    });
  });

  it('refuses a forged or foreign token', async () => {
    const res = await raw('/api/settings/coming-soon', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
      },
      body: JSON.stringify({ isEnabled: true }),
    });
    expect(res.status).toBe(401);
  });

  it('refuses updates from signed-in users who are not superusers', async () => {
    const { token } = await newUser();
    const error = await rejection(api(token).call(updateComingSoonSettings, { body: { isEnabled: true } }));
    expect(error.status).toBe(403);
    expect(error.code).toBe('SUPERUSER_REQUIRED');
    const { settings } = await api().call(getComingSoonSettings);
    expect(settings?.isEnabled).toBe(false);
  });

  it('lets a superuser change the page, keeping fields not sent', async () => {
    const { token } = await newUser({ superuser: true });
    const client = api(token);
    await client.call(updateComingSoonSettings, {
      body: { isEnabled: true, title: 'Drop day', launchDate: '2027-03-01' },
    });
    const { settings } = await client.call(updateComingSoonSettings, { body: { subtitle: 'Soon.' } });
    expect(settings).toMatchObject({
      isEnabled: true,
      title: 'Drop day',
      subtitle: 'Soon.',
      launchDate: '2027-03-01',
    });
    const read = await api().call(getComingSoonSettings);
    expect(read.settings).toEqual(settings);
    await client.call(updateComingSoonSettings, {
      body: { isEnabled: false, title: COMING_SOON_DEFAULTS.title, launchDate: null },
    });
  });

  it('answers bad input with 400 and field errors, and stores nothing', async () => {
    const token = await signIn(cloud().admin.email, cloud().admin.password);
    const before = await api().call(getComingSoonSettings);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const cases: [unknown, string][] = [
      [{ title: '   ' }, 'title'],
      [{ launchDate: 'next friday' }, 'launchDate'],
      [{ isEnabled: 'yes' }, 'isEnabled'],
      [{ owner: 'someone-else' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await raw('/api/settings/coming-soon', {
        method: 'PUT',
        headers,
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
      expect(json.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(json.error.fields)).toContain(field);
    }
    const malformed = await raw('/api/settings/coming-soon', { method: 'PUT', headers, body: '{"title":' });
    expect(malformed.status).toBe(400);
    const huge = await raw('/api/settings/coming-soon', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ title: 'x'.repeat(10_000) }),
    });
    expect(huge.status).toBe(413);
    expect((await api().call(getComingSoonSettings)).settings).toEqual(before.settings);
  });

  it('closes and reopens sign-up for a superuser', async () => {
    const token = await signIn(cloud().admin.email, cloud().admin.password);
    await api(token).call(updateSignupSettings, { body: { isEnabled: false, subtitle: 'Back in spring.' } });
    expect((await api().call(getSignupSettings)).settings).toMatchObject({
      isEnabled: false,
      subtitle: 'Back in spring.',
    });
    await api(token).call(updateSignupSettings, { body: { isEnabled: true } });
    expect((await api().call(getSignupSettings)).settings.isEnabled).toBe(true);
  });

  it('records every change in the audit log, with the settings before and after', async () => {
    const { token } = await newUser({ superuser: true });
    const { sub } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    const client = api(token);
    const { settings: closed } = await client.call(updateSignupSettings, {
      body: { isEnabled: false, subtitle: 'Audited pause.' },
    });
    const { settings: reopened } = await client.call(updateSignupSettings, { body: { isEnabled: true } });
    const { settings: page } = await client.call(updateComingSoonSettings, {
      body: { subtitle: 'Audited.' },
    });

    const { entries } = await client.call(listAuditLog, { query: { actor: sub } });
    expect(entries.map((e) => [e.action, e.subject, e.actorUserId])).toEqual([
      ['settings.comingSoon', 'comingSoon', sub],
      ['settings.signup', 'signup', sub],
      ['settings.signup', 'signup', sub],
    ]);
    expect(JSON.parse(entries[0]?.after ?? 'null')).toEqual(page);
    expect(JSON.parse(entries[1]?.before ?? 'null')).toEqual(closed);
    expect(JSON.parse(entries[1]?.after ?? 'null')).toEqual(reopened);
    expect(JSON.parse(entries[2]?.after ?? 'null')).toEqual(closed);
  });

  it('pushes a change to open browsers over the WebSocket API', async () => {
    const socket = await openSocket();
    try {
      const token = await signIn(cloud().admin.email, cloud().admin.password);
      const frame = socket.waitFor((f) => JSON.stringify(f).includes('settings.comingSoon'));
      await api(token).call(updateComingSoonSettings, { body: { subtitle: 'Pushed live.' } });
      expect(await frame).toEqual({ type: 'invalidate', topic: 'settings', keys: ['settings.comingSoon'] });
    } finally {
      socket.close();
    }
  });

  it('answers unknown routes and wrong methods with the error model', async () => {
    const missing = await raw('/api/settings/nothing');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('ROUTE_NOT_FOUND');
    const wrong = await raw('/api/settings/signup', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
  });
});

describe('local cloud health', () => {
  it('reports every local service up', async () => {
    const res = await raw('/api/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; services: { name: string; status: string }[] };
    expect(body.status).toBe('ok');
    expect(body.services.map((s) => s.name).sort()).toEqual([
      'cognito',
      'dynamodb',
      'events',
      'lambda',
      'marketplace',
      'payments',
      's3',
      'secrets',
      'ses',
      'sqs',
      'streams',
      'websocket',
    ]);
  });
});
