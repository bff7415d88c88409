import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@sneakers/shared/api-client';
import {
  checkFeatureAccess,
  createAccessRule,
  createFlag,
  deleteAccessRule,
  deleteFlag,
  deleteFlagGrant,
  deleteOverride,
  getMyFeatureAccess,
  getStartupGate,
  getStaleFlags,
  listAccessRules,
  listFlagGrants,
  listFlags,
  listOverrides,
  reportFeaturesSeen,
  setFlagGrant,
  setOverride,
  updateFlag,
} from '@sneakers/shared/contracts/flags';
import { createRealtimeTicket } from '@sneakers/shared/contracts/realtime';
import { fixedClock } from '@sneakers/shared/clock';
import { api, openSocket, raw, rejection } from '../../../../tests/support/cloud-client';
import { getMyFeatureAccess as myFeatureAccess } from '../../src/decisions/domain';
import { flagName, localDeps, signedIn, storeUser, superuser, type Client } from './support';

let admin: Client;
beforeAll(async () => {
  admin = await superuser();
});

const create = (name: string, rolloutPercentage = 0) =>
  admin.call(createFlag, { body: { name, isEnabled: true, targetUserTypes: ['store'], rolloutPercentage } });

describe('flags API through the local gateway', () => {
  it('refuses everyone but superusers: 401 signed out, 403 SUPERUSER_REQUIRED signed in', async () => {
    expect((await raw('/api/flags')).status).toBe(401);
    const { client } = await storeUser();
    const read = await rejection(client.call(listFlags));
    expect([read.status, read.code]).toEqual([403, 'SUPERUSER_REQUIRED']);
    const write = await rejection(
      client.call(createFlag, {
        body: { name: flagName('mine'), isEnabled: true, targetUserTypes: ['store'], rolloutPercentage: 100 },
      }),
    );
    expect([write.status, write.code]).toEqual([403, 'SUPERUSER_REQUIRED']);
    const check = await rejection(
      client.call(checkFeatureAccess, { query: { userId: 'x', feature: 'beta' } }),
    );
    expect(check.status).toBe(403);
  });

  it("serves the demo seed's sample flags, gating nothing", async () => {
    const { flags } = await admin.call(listFlags, { query: { search: 'api' } });
    const sample = (name: string) => flags.find((f) => f.name === name);
    expect(sample('api-playground')).toMatchObject({
      isEnabled: true,
      targetUserTypes: ['store'],
      rolloutPercentage: 100,
      gates: [],
    });
    expect(sample('stockx_api_integration')).toMatchObject({
      isEnabled: true,
      targetUserTypes: ['store', 'reseller'],
      rolloutPercentage: 0,
      gates: [],
    });
  });

  it('creates, finds, updates and deletes a flag; names are unique', async () => {
    const name = flagName('crud');
    const { flag } = await admin.call(createFlag, {
      body: {
        name,
        description: 'Wholesale pricing tools',
        isEnabled: false,
        targetUserTypes: ['store', 'reseller'],
        rolloutPercentage: 10,
        gates: ['pricing-strategies'],
      },
    });
    expect(flag).toMatchObject({ name, version: 1, lastEvaluatedAt: null, gates: ['pricing-strategies'] });
    const exists = await rejection(create(name));
    expect([exists.status, exists.code]).toEqual([409, 'FLAG_EXISTS']);

    const found = await admin.call(listFlags, { query: { search: 'WHOLESALE pricing' } });
    expect(found.flags.map((f) => f.name)).toContain(name);

    const { flag: updated } = await admin.call(updateFlag, {
      params: { name },
      body: { version: 1, isEnabled: true, rolloutPercentage: 20 },
    });
    expect(updated).toMatchObject({
      version: 2,
      isEnabled: true,
      rolloutPercentage: 20,
      description: flag.description,
    });

    expect(await admin.call(deleteFlag, { params: { name } })).toEqual({ deleted: true });
    expect((await admin.call(listFlags, { query: { search: name } })).flags).toEqual([]);
    const gone = await rejection(admin.call(deleteFlag, { params: { name } }));
    expect([gone.status, gone.code]).toEqual([404, 'FLAG_NOT_FOUND']);
  });

  it('lets exactly one of two concurrent edits of the same flag version win (409 FLAG_CONFLICT)', async () => {
    const name = flagName('race');
    await create(name);
    const edits = await Promise.allSettled(
      [30, 70].map((rolloutPercentage) =>
        admin.call(updateFlag, { params: { name }, body: { version: 1, rolloutPercentage } }),
      ),
    );
    const won = edits.filter((e) => e.status === 'fulfilled');
    const lost = edits.flatMap((e) => (e.status === 'rejected' ? [e.reason as ApiError] : []));
    expect(won).toHaveLength(1);
    expect(lost.map((e) => [e.status, e.code, e.message])).toEqual([
      [409, 'FLAG_CONFLICT', 'This flag was changed by someone else. Reload it and try again.'],
    ]);
    const [stored] = (await admin.call(listFlags, { query: { search: name } })).flags;
    expect(stored).toMatchObject({ version: 2 });
    expect(won[0]?.status === 'fulfilled' && won[0].value.flag).toEqual({ ...stored, lastEvaluatedAt: null });
    await admin.call(deleteFlag, { params: { name } });
  });

  it('applies concurrent edits of different flags both (the document revision is re-read)', async () => {
    const names = [flagName('para'), flagName('para'), flagName('para')];
    for (const name of names) await create(name);
    await Promise.all(
      names.map((name, i) =>
        admin.call(updateFlag, { params: { name }, body: { version: 1, rolloutPercentage: 10 * (i + 1) } }),
      ),
    );
    const { flags } = await admin.call(listFlags, { query: { search: 'para-' } });
    const mine = flags
      .filter((f) => names.includes(f.name))
      .sort((a, b) => a.rolloutPercentage - b.rolloutPercentage);
    expect(mine.map((f) => [f.rolloutPercentage, f.version])).toEqual([
      [10, 2],
      [20, 2],
      [30, 2],
    ]);
    for (const name of names) await admin.call(deleteFlag, { params: { name } });
  });

  it("grants a flag to one user, shown in their own feature data, and a deleted flag's grants go with it", async () => {
    const name = flagName('grant');
    await create(name);
    const store = await storeUser();
    const { grant } = await admin.call(setFlagGrant, {
      params: { name, userId: store.userId },
      body: { granted: true },
    });
    expect(grant).toMatchObject({
      feature: name,
      userId: store.userId,
      granted: true,
      businessName: store.businessName,
    });
    expect((await admin.call(listFlagGrants, { params: { name } })).grants).toEqual([grant]);

    // flags.me as the service answers a verified caller (see the gateway test below).
    const mine = await myFeatureAccess(localDeps(), signedIn(store.userId));
    expect(mine.subject).toEqual({
      userId: store.userId,
      role: 'store',
      plan: expect.any(String),
      isSuperuser: false,
    });
    expect(mine.data.grants[name]).toBe(true);
    expect(mine.data.flags.find((f) => f.name === name)).toEqual({
      name,
      isEnabled: true,
      targetUserTypes: ['store'],
      rolloutPercentage: 0,
      gates: [],
    });
    const check = await admin.call(checkFeatureAccess, { query: { userId: store.userId, feature: name } });
    expect(check).toMatchObject({
      user: { userId: store.userId, businessName: store.businessName, role: 'store', isSuperuser: false },
      decision: { allowed: true, step: 'user-grant' },
    });

    const noProfile = await rejection(
      admin.call(setFlagGrant, { params: { name, userId: randomUUID() }, body: { granted: true } }),
    );
    expect([noProfile.status, noProfile.code]).toEqual([404, 'USER_NOT_FOUND']);

    await admin.call(deleteFlag, { params: { name } });
    expect((await myFeatureAccess(localDeps(), signedIn(store.userId))).data.grants).toEqual({});
    await create(name);
    expect((await admin.call(listFlagGrants, { params: { name } })).grants).toEqual([]);
    const missing = await rejection(admin.call(deleteFlagGrant, { params: { name, userId: store.userId } }));
    expect([missing.status, missing.code]).toEqual([404, 'GRANT_NOT_FOUND']);
    await admin.call(deleteFlag, { params: { name } });
  });

  it('keeps one override per user and feature; a signed-in user sees only the unexpired ones', async () => {
    const store = await storeUser();
    const [live, expired] = [flagName('live'), flagName('expired')];
    await admin.call(setOverride, {
      params: { userId: store.userId, feature: live },
      body: { enabled: false, expiresAt: null },
    });
    const { override } = await admin.call(setOverride, {
      params: { userId: store.userId, feature: live },
      body: { enabled: true, expiresAt: '2099-01-01T00:00:00.000Z' },
    });
    await admin.call(setOverride, {
      params: { userId: store.userId, feature: expired },
      body: { enabled: true, expiresAt: '2020-01-01T00:00:00.000Z' },
    });
    const listed = (await admin.call(listOverrides)).overrides.filter((o) => o.userId === store.userId);
    expect(listed.map((o) => [o.feature, o.enabled])).toEqual(
      [
        [expired, true],
        [live, true],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    expect(listed.find((o) => o.feature === live)).toEqual(override);
    expect((await myFeatureAccess(localDeps(), signedIn(store.userId))).data.overrides).toEqual([
      { feature: live, enabled: true, expiresAt: '2099-01-01T00:00:00.000Z' },
    ]);
    const check = await admin.call(checkFeatureAccess, { query: { userId: store.userId, feature: live } });
    expect(check.decision).toEqual({ allowed: true, step: 'override' });

    for (const feature of [live, expired])
      await admin.call(deleteOverride, { params: { userId: store.userId, feature } });
    expect((await admin.call(listOverrides)).overrides.filter((o) => o.userId === store.userId)).toEqual([]);
    const ghost = await rejection(
      admin.call(setOverride, {
        params: { userId: randomUUID(), feature: live },
        body: { enabled: true, expiresAt: null },
      }),
    );
    expect([ghost.status, ghost.code]).toEqual([404, 'USER_NOT_FOUND']);
  });

  it('keeps one access rule per feature, role and plan', async () => {
    const feature = flagName('rule');
    const { rule } = await admin.call(createAccessRule, {
      body: { feature, role: 'reseller', plan: 'trial', granted: true },
    });
    const twin = await rejection(
      admin.call(createAccessRule, { body: { feature, role: 'reseller', plan: 'trial', granted: false } }),
    );
    expect([twin.status, twin.code]).toEqual([409, 'RULE_EXISTS']);
    expect((await admin.call(listAccessRules)).rules).toContainEqual(rule);
    await admin.call(deleteAccessRule, { params: { ruleId: rule.id } });
    expect((await admin.call(listAccessRules)).rules.map((r) => r.id)).not.toContain(rule.id);
  });

  it('answers a signed-out visitor whether the start-up gate is on, and nothing of flags.me', async () => {
    expect(await api().call(getStartupGate)).toEqual({ startupGate: false });
    expect((await raw('/api/feature-access/me')).status).toBe(401);
    await admin.call(createFlag, {
      body: { name: 'startup-gate', isEnabled: true, targetUserTypes: [], rolloutPercentage: 0 },
    });
    try {
      expect((await api().call(getStartupGate)).startupGate).toBe(true);
    } finally {
      await admin.call(deleteFlag, { params: { name: 'startup-gate' } });
    }
    expect((await api().call(getStartupGate)).startupGate).toBe(false);
  });

  it('reports a flag never evaluated until a browser says it decided it, stored once a day', async () => {
    const name = flagName('seen');
    await create(name, 50);
    const stale = (await admin.call(getStaleFlags)).flags.filter((f) => f.name === name);
    expect(stale).toEqual([{ name, reason: 'never-evaluated', since: expect.any(String) }]);

    const { client } = await storeUser();
    expect(
      await client.call(reportFeaturesSeen, { body: { features: [name, name, 'not-a-flag-at-all'] } }),
    ).toEqual({
      recorded: 1,
    });
    expect(await client.call(reportFeaturesSeen, { body: { features: [name] } })).toEqual({ recorded: 0 });
    expect((await admin.call(getStaleFlags)).flags.filter((f) => f.name === name)).toEqual([]);
    const [listed] = (await admin.call(listFlags, { query: { search: name } })).flags;
    expect(listed?.lastEvaluatedAt).toEqual(expect.any(String));
    await admin.call(deleteFlag, { params: { name } });
  });

  it('pushes a flag change to every open browser and a grant to that user only', async () => {
    const store = await storeUser();
    const other = await storeUser();
    const [mine, theirs, anonymous] = [await openSocket(), await openSocket(), await openSocket()];
    try {
      for (const [socket, client] of [
        [mine, store.client],
        [theirs, other.client],
      ] as const) {
        const subscribed = socket.waitFor((f) => JSON.stringify(f) === '{"type":"subscribed"}');
        socket.send({ action: 'subscribe', ticket: (await client.call(createRealtimeTicket)).ticket });
        await subscribed;
      }
      const invalidate = { type: 'invalidate', topic: 'features', keys: ['features'] };
      const isInvalidate = (f: unknown) => JSON.stringify(f) === JSON.stringify(invalidate);

      const name = flagName('push');
      const everyone = [mine, theirs, anonymous].map((s) => s.waitFor(isInvalidate));
      await create(name);
      expect(await Promise.all(everyone)).toEqual([invalidate, invalidate, invalidate]);

      const before = theirs.frames.length;
      const anonymousBefore = anonymous.frames.length;
      const granted = mine.waitFor(isInvalidate);
      await admin.call(setFlagGrant, { params: { name, userId: store.userId }, body: { granted: true } });
      expect(await granted).toEqual(invalidate);
      // The other user's browser heard nothing about it (give a stray push time to arrive). Suites
      // running beside this one change flags too, and those pushes reach every browser: the
      // signed-out socket hears them as well, so the other user may hear only what it heard.
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Their own account's billing pushes (their sign-up trial at the provider) are theirs.
      const ownBilling = (f: unknown) =>
        typeof f === 'object' && f !== null && 'topic' in f && f.topic === 'billing';
      expect(theirs.frames.slice(before).filter((f) => !ownBilling(f))).toEqual(
        anonymous.frames.slice(anonymousBefore),
      );
      await admin.call(deleteFlag, { params: { name } });
    } finally {
      for (const socket of [mine, theirs, anonymous]) socket.close();
    }
  });

  it('answers a signed-in browser with its own subject through the gateway', async () => {
    const store = await storeUser();
    const mine = await store.client.call(getMyFeatureAccess);
    expect(mine.subject?.userId).toBe(store.userId);
  });
});

describe('flags storage on DynamoDB Local', () => {
  it('stores a usage report at most once per flag and UTC day (conditional update)', async () => {
    const clock = fixedClock('2031-03-04T08:00:00.000Z');
    const deps = localDeps(clock);
    const name = flagName('usage');
    await create(name);
    try {
      const day = '2031-03-04T00:00:00.000Z';
      expect(await deps.usage.markSeen(name, '2031-03-04T08:00:00.000Z', day)).toBe(true);
      expect(await deps.usage.markSeen(name, '2031-03-04T23:59:59.999Z', day)).toBe(false);
      expect((await deps.usage.all()).get(name)).toBe('2031-03-04T08:00:00.000Z');
      expect(await deps.usage.markSeen(name, '2031-03-05T00:00:00.000Z', '2031-03-05T00:00:00.000Z')).toBe(
        true,
      );
      expect((await deps.usage.all()).get(name)).toBe('2031-03-05T00:00:00.000Z');
    } finally {
      await admin.call(deleteFlag, { params: { name } });
    }
    expect((await deps.usage.all()).has(name)).toBe(false);
  });

  it('refuses a config write at a revision that moved, and a user document write at an old updatedAt', async () => {
    const deps = localDeps();
    const name = flagName('stale');
    await create(name);
    try {
      const config = await deps.config.get();
      const actorRecords = {
        audit: {
          log: 'audit',
          id: `test-${randomUUID()}`,
          at: new Date().toISOString(),
          action: 'flag.updated' as const,
          actorUserId: 'test',
          subject: name,
        },
        event: {
          eventId: randomUUID(),
          source: 'sneakers.flags',
          detailType: 'Flags.Changed',
          detail: {
            schema: 'flags-changed.v1',
            eventId: 'e',
            occurredAt: '',
            data: { scope: 'all' as const },
          },
          occurredAt: new Date().toISOString(),
        },
      };
      expect(
        await deps.config.save(config.revision - 1, {
          flags: [],
          rules: [],
          at: new Date().toISOString(),
          ...actorRecords,
        }),
      ).toBe('stale');
      expect((await deps.config.get()).flags.some((f) => f.name === name)).toBe(true);

      const store = await storeUser();
      await admin.call(setFlagGrant, { params: { name, userId: store.userId }, body: { granted: true } });
      const doc = await deps.userAccess.get(store.userId);
      expect(doc.updatedAt).not.toBeNull();
      expect(
        await deps.userAccess.save(store.userId, '2000-01-01T00:00:00.000Z', {
          grants: {},
          overrides: {},
          updatedAt: new Date().toISOString(),
          listing: { kind: 'deleteGrant', feature: name, userId: store.userId },
        }),
      ).toBe('stale');
      expect(
        await deps.userAccess.save(store.userId, null, {
          grants: {},
          overrides: {},
          updatedAt: new Date().toISOString(),
          listing: { kind: 'deleteGrant', feature: name, userId: store.userId },
        }),
      ).toBe('stale');
      expect((await deps.userAccess.get(store.userId)).grants).toEqual({ [name]: true });
    } finally {
      await admin.call(deleteFlag, { params: { name } });
    }
  });
});
