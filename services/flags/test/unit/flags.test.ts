import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Actor } from '@sneakers/shared/actor';
import { DAY_MS } from '@sneakers/shared/clock';
import * as z from 'zod/mini';
import { createFlagSchema, flagName } from '@sneakers/shared/contracts/flags';
import { rolloutBucket } from '@sneakers/shared/rules/feature-access';
import { checkFeatureAccess, getMyFeatureAccess, getStartupGate } from '../../src/decisions/domain';
import {
  createAccessRule,
  createFlag,
  deleteAccessRule,
  deleteFlag,
  listAccessRules,
  listFlags,
  updateFlag,
} from '../../src/flags/domain';
import {
  deleteFlagGrant,
  deleteOverride,
  listFlagGrants,
  listOverrides,
  setFlagGrant,
  setOverride,
} from '../../src/user-access/domain';
import { getStaleFlags, reportFeaturesSeen } from '../../src/usage/domain';
import type { UserSummary } from '../../src/user-access/ports';
import { memoryDeps } from './memory';

const actor = (userId: string, over: Partial<Extract<Actor, { kind: 'user' }>> = {}): Actor => ({
  kind: 'user',
  userId,
  email: `${userId}@example.com`,
  isSuperuser: false,
  isDemo: false,
  ...over,
});
const ADMIN = actor('admin-1', { isSuperuser: true });
const STORE = actor('store-1');
const DEMO = actor('demo-store', { isDemo: true });
const DEMO_SUPERUSER = actor('demo-store', { isDemo: true, isSuperuser: true });

const profile = (userId: string, over: Partial<UserSummary> = {}): UserSummary => ({
  userId,
  businessName: `Shop ${userId}`,
  email: `${userId}@shop.example`,
  role: 'store',
  plan: 'standard',
  isSuperuser: false,
  ...over,
});

const input = (name: string, over: Partial<Parameters<typeof createFlagSchema.parse>[0]> = {}) =>
  createFlagSchema.parse({
    name,
    isEnabled: true,
    targetUserTypes: ['store'],
    rolloutPercentage: 0,
    ...over,
  });

async function failure(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; code?: string; message?: string } | null;
  return error && [error.status, error.code];
}

function setup() {
  const memory = memoryDeps();
  memory.profiles.set('store-1', profile('store-1'));
  memory.profiles.set('store-2', profile('store-2', { role: 'reseller', plan: 'trial' }));
  return memory;
}

describe('who may manage flags', () => {
  it('lets only superusers read or write, answering the others 403 SUPERUSER_REQUIRED', async () => {
    const { deps, events } = setup();
    for (const call of [
      listFlags(deps, STORE, {}),
      createFlag(deps, STORE, input('beta')),
      listAccessRules(deps, STORE),
      listOverrides(deps, STORE),
      setOverride(deps, STORE, 'store-1', 'beta', { enabled: true, expiresAt: null }),
      checkFeatureAccess(deps, STORE, { userId: 'store-1', feature: 'beta' }),
      getStaleFlags(deps, STORE),
    ])
      expect(await failure(call)).toEqual([403, 'SUPERUSER_REQUIRED']);
    await expect(createFlag(deps, STORE, input('beta'))).rejects.toThrow(
      'Only superusers can manage feature flags.',
    );
    expect(events).toEqual([]);
  });

  it('answers the demo identity DEMO_MODE on writes before anything else, and the signed out 401', async () => {
    const { deps } = setup();
    expect(await failure(createFlag(deps, DEMO, input('beta')))).toEqual([403, 'DEMO_MODE']);
    expect(await failure(createFlag(deps, DEMO_SUPERUSER, input('beta')))).toEqual([403, 'DEMO_MODE']);
    expect(await failure(reportFeaturesSeen(deps, DEMO, ['beta']))).toEqual([403, 'DEMO_MODE']);
    expect(await failure(listFlags(deps, ANONYMOUS, {}))).toEqual([401, 'UNAUTHENTICATED']);
    expect(await failure(createFlag(deps, ANONYMOUS, input('beta')))).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('flags', () => {
  it('creates a flag with version 1, an audit entry and a Flags.Changed for everyone', async () => {
    const { deps, audits, events, config } = setup();
    const flag = await createFlag(
      deps,
      ADMIN,
      input('beta', { description: 'New CRM', targetUserTypes: ['store', 'store'], gates: ['clients'] }),
    );
    expect(flag).toEqual({
      name: 'beta',
      description: 'New CRM',
      isEnabled: true,
      targetUserTypes: ['store'],
      rolloutPercentage: 0,
      gates: ['clients'],
      version: 1,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      rolloutChangedAt: '2026-11-22T10:00:00.000Z',
      lastEvaluatedAt: null,
    });
    expect(config()).toMatchObject({ revision: 1, flags: [flag] });
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'flag.created',
        subject: 'beta',
        actorUserId: 'admin-1',
        actorEmail: 'admin-1@example.com',
        after: JSON.stringify(flag),
      }),
    ]);
    expect(audits[0] && 'before' in audits[0]).toBe(false);
    expect(events.map((e) => [e.detailType, e.detail.data])).toEqual([['Flags.Changed', { scope: 'all' }]]);
  });

  it('refuses a second flag with the same name (409 FLAG_EXISTS)', async () => {
    const { deps } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    await setFlagGrant(deps, ADMIN, 'beta', 'store-1', true);
    expect(await failure(createFlag(deps, ADMIN, input('beta')))).toEqual([409, 'FLAG_EXISTS']);
    // The refused twin touched nothing of the flag that exists.
    expect((await listFlagGrants(deps, ADMIN, 'beta')).map((g) => g.userId)).toEqual(['store-1']);
  });

  it('updates only what is sent, bumps the version and moves rolloutChangedAt only with the rollout', async () => {
    const { deps, clock, audits } = setup();
    await createFlag(deps, ADMIN, input('beta', { description: 'Keep me' }));
    clock.advance(60_000);
    const enabled = await updateFlag(deps, ADMIN, 'beta', { version: 1, isEnabled: false });
    expect(enabled).toMatchObject({
      description: 'Keep me',
      isEnabled: false,
      version: 2,
      updatedAt: '2026-11-22T10:01:00.000Z',
      rolloutChangedAt: '2026-11-22T10:00:00.000Z',
    });
    clock.advance(60_000);
    const rolled = await updateFlag(deps, ADMIN, 'beta', { version: 2, rolloutPercentage: 25 });
    expect(rolled).toMatchObject({
      version: 3,
      rolloutPercentage: 25,
      rolloutChangedAt: '2026-11-22T10:02:00.000Z',
    });
    expect(audits.at(-1)).toMatchObject({
      action: 'flag.updated',
      before: JSON.stringify(enabled),
      after: JSON.stringify(rolled),
    });
  });

  it('answers 409 FLAG_CONFLICT to an edit of an old copy, and 404 to an unknown flag', async () => {
    const { deps } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    await updateFlag(deps, ADMIN, 'beta', { version: 1, rolloutPercentage: 10 });
    const error = await updateFlag(deps, ADMIN, 'beta', { version: 1, rolloutPercentage: 90 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      status: 409,
      code: 'FLAG_CONFLICT',
      message: 'This flag was changed by someone else. Reload it and try again.',
    });
    expect(await failure(updateFlag(deps, ADMIN, 'nope', { version: 1 }))).toEqual([404, 'FLAG_NOT_FOUND']);
  });

  it('re-applies an edit when another flag changed meanwhile (revision conflict), losing neither', async () => {
    const { deps, hooks, config, configSaves } = setup();
    await createFlag(deps, ADMIN, input('alpha'));
    await createFlag(deps, ADMIN, input('beta'));
    // Between this edit's read and its write, someone else edits another flag.
    hooks.beforeConfigSave = async () => {
      await updateFlag(deps, ADMIN, 'alpha', { version: 1, rolloutPercentage: 50 });
    };
    const before = configSaves();
    await updateFlag(deps, ADMIN, 'beta', { version: 1, rolloutPercentage: 70 });
    expect(configSaves() - before).toBe(3);
    expect(config().flags.map((f) => [f.name, f.rolloutPercentage, f.version])).toEqual([
      ['alpha', 50, 2],
      ['beta', 70, 2],
    ]);
  });

  it('refuses an edit whose flag was changed by the concurrent writer (same version)', async () => {
    const { deps, hooks, config } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    hooks.beforeConfigSave = async () => {
      await updateFlag(deps, ADMIN, 'beta', { version: 1, rolloutPercentage: 50 });
    };
    expect(await failure(updateFlag(deps, ADMIN, 'beta', { version: 1, rolloutPercentage: 70 }))).toEqual([
      409,
      'FLAG_CONFLICT',
    ]);
    expect(config().flags[0]).toMatchObject({ rolloutPercentage: 50, version: 2 });
  });

  it('gives up with 409 BUSY when the document never stops changing', async () => {
    const { deps } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    const save = deps.config.save;
    deps.config.save = async () => 'stale';
    expect(await failure(updateFlag(deps, ADMIN, 'beta', { version: 1 }))).toEqual([409, 'BUSY']);
    deps.config.save = save;
  });

  it('deletes a flag with its usage row and every grant (listing rows and users’ documents)', async () => {
    const { deps, grants, docs, usage, audits, events, config } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    await createFlag(deps, ADMIN, input('other'));
    await setFlagGrant(deps, ADMIN, 'beta', 'store-1', true);
    await setFlagGrant(deps, ADMIN, 'other', 'store-1', true);
    await setFlagGrant(deps, ADMIN, 'beta', 'store-2', false);
    await reportFeaturesSeen(deps, STORE, ['beta']);
    const auditsBefore = audits.length;
    const eventsBefore = events.length;

    await deleteFlag(deps, ADMIN, 'beta');
    expect(config().flags.map((f) => f.name)).toEqual(['other']);
    expect([...grants.keys()]).toEqual(['other#store-1']);
    expect(docs.get('store-1')?.grants).toEqual({ other: true });
    expect(docs.get('store-2')?.grants).toEqual({});
    expect(usage.has('beta')).toBe(false);
    // One entry and one announcement for the deletion; the clean-up adds none.
    expect(audits.slice(auditsBefore).map((a) => [a.action, a.subject])).toEqual([['flag.deleted', 'beta']]);
    expect(events.slice(eventsBefore).map((e) => e.detail.data)).toEqual([{ scope: 'all' }]);
    expect(await failure(deleteFlag(deps, ADMIN, 'beta'))).toEqual([404, 'FLAG_NOT_FOUND']);
  });

  it('does not bring back grants left over from an earlier flag of the same name', async () => {
    const { deps, grants, docs } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    await setFlagGrant(deps, ADMIN, 'beta', 'store-1', true);
    // A deletion whose clean-up never ran: the config alone lost the flag.
    const purgeLess = { ...deps, userAccess: { ...deps.userAccess, grantsOf: async () => [] } };
    await deleteFlag(purgeLess, ADMIN, 'beta');
    expect(grants.size).toBe(1);
    await createFlag(deps, ADMIN, input('beta'));
    expect(grants.size).toBe(0);
    expect(docs.get('store-1')?.grants).toEqual({});
  });

  it('lists flags by name, with their last evaluation, filtered by name or description', async () => {
    const { deps } = setup();
    await createFlag(deps, ADMIN, input('zeta', { description: 'Pricing experiment' }));
    await createFlag(deps, ADMIN, input('api-playground', { description: 'Sandbox' }));
    await reportFeaturesSeen(deps, STORE, ['zeta']);
    const all = await listFlags(deps, ADMIN, {});
    expect(all.map((f) => [f.name, f.lastEvaluatedAt])).toEqual([
      ['api-playground', null],
      ['zeta', '2026-11-22T10:00:00.000Z'],
    ]);
    expect((await listFlags(deps, ADMIN, { search: 'PRICING' })).map((f) => f.name)).toEqual(['zeta']);
    expect((await listFlags(deps, ADMIN, { search: 'Api-Play' })).map((f) => f.name)).toEqual([
      'api-playground',
    ]);
    expect(await listFlags(deps, ADMIN, { search: 'nothing' })).toEqual([]);
  });
});

describe('access rules', () => {
  it('creates one rule per feature, role and plan, and deletes it', async () => {
    const { deps, audits, events } = setup();
    const rule = await createAccessRule(deps, ADMIN, {
      feature: 'full_access',
      role: 'store',
      plan: 'standard',
      granted: true,
    });
    expect(rule).toEqual({
      id: expect.any(String),
      feature: 'full_access',
      role: 'store',
      plan: 'standard',
      granted: true,
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    expect(
      await failure(
        createAccessRule(deps, ADMIN, {
          feature: 'full_access',
          role: 'store',
          plan: 'standard',
          granted: false,
        }),
      ),
    ).toEqual([409, 'RULE_EXISTS']);
    // Another plan is another rule.
    await createAccessRule(deps, ADMIN, {
      feature: 'full_access',
      role: 'store',
      plan: 'trial',
      granted: false,
    });
    expect(await listAccessRules(deps, ADMIN)).toHaveLength(2);
    await deleteAccessRule(deps, ADMIN, rule.id);
    expect((await listAccessRules(deps, ADMIN)).map((r) => r.plan)).toEqual(['trial']);
    expect(await failure(deleteAccessRule(deps, ADMIN, rule.id))).toEqual([404, 'RULE_NOT_FOUND']);
    expect(audits.map((a) => a.action)).toEqual(['rule.created', 'rule.created', 'rule.deleted']);
    expect(events.every((e) => e.detail.data.scope === 'all')).toBe(true);
  });
});

describe('grants', () => {
  it("writes the user's document and the listing row, audited, and tells only that user", async () => {
    const { deps, docs, grants, audits, events } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    const grant = await setFlagGrant(deps, ADMIN, 'beta', 'store-1', true);
    expect(grant).toEqual({
      feature: 'beta',
      userId: 'store-1',
      granted: true,
      businessName: 'Shop store-1',
      email: 'store-1@shop.example',
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(docs.get('store-1')).toMatchObject({ grants: { beta: true }, overrides: {} });
    expect(grants.get('beta#store-1')).toMatchObject({ granted: true });
    expect(audits.at(-1)).toMatchObject({
      action: 'grant.set',
      subject: 'store-1:beta',
      after: '{"granted":true}',
    });
    expect(events.at(-1)?.detail.data).toEqual({ scope: 'user', userId: 'store-1' });

    const denial = await setFlagGrant(deps, ADMIN, 'beta', 'store-1', false);
    // Same instant as the first write: the document's version still moves forward.
    expect(denial.updatedAt).toBe('2026-11-22T10:00:00.001Z');
    expect(audits.at(-1)).toMatchObject({ before: '{"granted":true}', after: '{"granted":false}' });
    expect(await listFlagGrants(deps, ADMIN, 'beta')).toEqual([denial]);
  });

  it('needs an existing flag and a user with a profile', async () => {
    const { deps, events } = setup();
    expect(await failure(setFlagGrant(deps, ADMIN, 'beta', 'store-1', true))).toEqual([
      404,
      'FLAG_NOT_FOUND',
    ]);
    await createFlag(deps, ADMIN, input('beta'));
    expect(await failure(setFlagGrant(deps, ADMIN, 'beta', 'ghost', true))).toEqual([404, 'USER_NOT_FOUND']);
    expect(await failure(listFlagGrants(deps, ADMIN, 'nope'))).toEqual([404, 'FLAG_NOT_FOUND']);
    expect(events).toHaveLength(1);
  });

  it('deletes a grant, and answers 404 for one that does not exist', async () => {
    const { deps, docs, grants } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    await setFlagGrant(deps, ADMIN, 'beta', 'store-1', true);
    await deleteFlagGrant(deps, ADMIN, 'beta', 'store-1');
    expect(docs.get('store-1')?.grants).toEqual({});
    expect(grants.size).toBe(0);
    expect(await failure(deleteFlagGrant(deps, ADMIN, 'beta', 'store-1'))).toEqual([404, 'GRANT_NOT_FOUND']);
  });

  it("re-applies a grant when the same user's document changed meanwhile, keeping both changes", async () => {
    const { deps, hooks, docs } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    hooks.beforeUserSave = async () => {
      await setOverride(deps, ADMIN, 'store-1', 'full_access', { enabled: true, expiresAt: null });
    };
    await setFlagGrant(deps, ADMIN, 'beta', 'store-1', true);
    expect(docs.get('store-1')).toMatchObject({
      grants: { beta: true },
      overrides: { full_access: { enabled: true, expiresAt: null } },
    });
  });
});

describe('developer overrides', () => {
  it('keeps one override per user and feature, replaced on save, listed with the user, deletable', async () => {
    const { deps, docs, overrides, audits } = setup();
    await setOverride(deps, ADMIN, 'store-1', 'beta', {
      enabled: true,
      expiresAt: '2026-12-01T00:00:00.000Z',
    });
    const replaced = await setOverride(deps, ADMIN, 'store-1', 'beta', { enabled: false, expiresAt: null });
    expect(overrides.size).toBe(1);
    expect(await listOverrides(deps, ADMIN)).toEqual([replaced]);
    expect(replaced).toMatchObject({ userId: 'store-1', feature: 'beta', enabled: false, expiresAt: null });
    expect(replaced.businessName).toBe('Shop store-1');
    expect(docs.get('store-1')?.overrides).toEqual({ beta: { enabled: false, expiresAt: null } });
    expect(audits.at(-1)).toMatchObject({
      action: 'override.set',
      before: '{"enabled":true,"expiresAt":"2026-12-01T00:00:00.000Z"}',
    });
    await deleteOverride(deps, ADMIN, 'store-1', 'beta');
    expect(await listOverrides(deps, ADMIN)).toEqual([]);
    expect(docs.get('store-1')?.overrides).toEqual({});
    expect(await failure(deleteOverride(deps, ADMIN, 'store-1', 'beta'))).toEqual([
      404,
      'OVERRIDE_NOT_FOUND',
    ]);
    expect(
      await failure(setOverride(deps, ADMIN, 'ghost', 'beta', { enabled: true, expiresAt: null })),
    ).toEqual([404, 'USER_NOT_FOUND']);
  });
});

describe('features named like Object.prototype members (issue 25)', () => {
  it('sets, lists and removes an override or grant for `constructor` like any other name', async () => {
    const { deps, docs, audits } = setup();
    for (const name of ['constructor', 'prototype']) {
      expect(await failure(deleteOverride(deps, ADMIN, 'store-1', name))).toEqual([
        404,
        'OVERRIDE_NOT_FOUND',
      ]);
      expect(await failure(deleteFlagGrant(deps, ADMIN, name, 'store-1'))).toEqual([404, 'GRANT_NOT_FOUND']);
      await setOverride(deps, ADMIN, 'store-1', name, { enabled: true, expiresAt: null });
      // A first override has nothing before it: not the function every object inherits.
      expect(audits.at(-1)).toMatchObject({ action: 'override.set' });
      expect(audits.at(-1)).not.toHaveProperty('before');
      expect(Object.hasOwn(docs.get('store-1')!.overrides, name)).toBe(true);
      await deleteOverride(deps, ADMIN, 'store-1', name);
      expect(docs.get('store-1')?.overrides).toEqual({});
      // `constructor` cannot be a flag (the contract refuses it, below): grants go through a real flag.
      if (name === 'constructor') continue;
      await createFlag(deps, ADMIN, input(name));
      await setFlagGrant(deps, ADMIN, name, 'store-1', true);
      expect(audits.at(-1)).not.toHaveProperty('before');
      await deleteFlagGrant(deps, ADMIN, name, 'store-1');
      expect(docs.get('store-1')?.grants).toEqual({});
    }
    expect({}.constructor).toBe(Object);
  });

  it('refuses `constructor` as a flag name with a clear message (the SDK cannot store it as a map key)', () => {
    expect(z.safeParse(flagName, 'constructor').error?.issues[0]?.message).toBe(
      'This name is reserved: choose another',
    );
    expect(z.safeParse(flagName, 'prototype').success).toBe(true);
  });
});

describe("a user's own feature data (flags.me)", () => {
  it('tells a signed-out visitor nothing but whether the start-up gate is on', async () => {
    const { deps } = setup();
    await createFlag(deps, ADMIN, input('beta'));
    expect(await getStartupGate(deps)).toEqual({ startupGate: false });
    await createFlag(deps, ADMIN, input('startup-gate', { isEnabled: false }));
    expect(await getStartupGate(deps)).toEqual({ startupGate: false });
    await updateFlag(deps, ADMIN, 'startup-gate', { version: 1, isEnabled: true });
    expect(await getStartupGate(deps)).toEqual({ startupGate: true });
    await expect(getMyFeatureAccess(deps, ANONYMOUS)).rejects.toMatchObject({ status: 401 });
  });

  it("gives a signed-in user the decision's inputs, unexpired overrides only", async () => {
    const { deps, clock } = setup();
    await createFlag(deps, ADMIN, input('beta', { gates: ['clients'] }));
    await setFlagGrant(deps, ADMIN, 'beta', 'store-1', true);
    await setOverride(deps, ADMIN, 'store-1', 'soon', {
      enabled: true,
      expiresAt: '2026-11-22T10:00:30.000Z',
    });
    await setOverride(deps, ADMIN, 'store-1', 'later', { enabled: false, expiresAt: null });
    clock.advance(30_000);
    expect(await getMyFeatureAccess(deps, STORE)).toEqual({
      subject: { userId: 'store-1', role: 'store', plan: 'standard', isSuperuser: false },
      data: {
        flags: [
          {
            name: 'beta',
            isEnabled: true,
            targetUserTypes: ['store'],
            rolloutPercentage: 0,
            gates: ['clients'],
          },
        ],
        rules: [],
        grants: { beta: true },
        overrides: [{ feature: 'later', enabled: false, expiresAt: null }],
      },
      startupGate: false,
    });
    expect((await getMyFeatureAccess(deps, actor('no-profile'))).subject).toBeNull();
  });
});

describe('checking a user (flags.check)', () => {
  it('answers the decision, the step that decided and the bucket, from the target’s own profile', async () => {
    const { deps, profiles } = setup();
    await createFlag(deps, ADMIN, input('beta', { rolloutPercentage: 50 }));
    const rollout = await checkFeatureAccess(deps, ADMIN, { userId: 'store-1', feature: 'beta' });
    const bucket = rolloutBucket('beta', 'store-1');
    expect(rollout).toEqual({
      user: profile('store-1'),
      decision: { allowed: bucket < 50, step: 'rollout', bucket },
    });
    expect((await checkFeatureAccess(deps, ADMIN, { userId: 'store-2', feature: 'beta' })).decision).toEqual({
      allowed: false,
      step: 'target-type',
    });
    await setFlagGrant(deps, ADMIN, 'beta', 'store-2', true);
    expect(
      (await checkFeatureAccess(deps, ADMIN, { userId: 'store-2', feature: 'beta' })).decision.step,
    ).toBe('user-grant');
    profiles.set('root', profile('root', { isSuperuser: true }));
    expect((await checkFeatureAccess(deps, ADMIN, { userId: 'root', feature: 'beta' })).decision).toEqual({
      allowed: true,
      step: 'superuser',
    });
    expect(await checkFeatureAccess(deps, ADMIN, { userId: 'ghost', feature: 'beta' })).toEqual({
      user: null,
      decision: { allowed: false, step: 'no-user' },
    });
  });
});

describe('the stale report', () => {
  it('reports flags at 0 or 100 for 30 days, and flags never evaluated since their creation', async () => {
    const { deps, clock } = setup();
    await createFlag(deps, ADMIN, input('off', { rolloutPercentage: 0 }));
    await createFlag(deps, ADMIN, input('on', { rolloutPercentage: 100 }));
    await createFlag(deps, ADMIN, input('half', { rolloutPercentage: 50 }));
    await createFlag(deps, ADMIN, input('unused', { rolloutPercentage: 40 }));
    await reportFeaturesSeen(deps, STORE, ['off', 'on', 'half']);
    const created = '2026-11-22T10:00:00.000Z';

    clock.advance(30 * DAY_MS - 1);
    expect(await getStaleFlags(deps, ADMIN)).toEqual([
      { name: 'unused', reason: 'never-evaluated', since: created },
    ]);
    clock.advance(1);
    expect(await getStaleFlags(deps, ADMIN)).toEqual([
      { name: 'off', reason: 'always-off', since: created },
      { name: 'on', reason: 'always-on', since: created },
      { name: 'unused', reason: 'never-evaluated', since: created },
    ]);
    // Moving the rollout restarts the clock.
    await updateFlag(deps, ADMIN, 'on', { version: 1, rolloutPercentage: 99 });
    await updateFlag(deps, ADMIN, 'on', { version: 2, rolloutPercentage: 100 });
    expect((await getStaleFlags(deps, ADMIN)).map((f) => f.name)).toEqual(['off', 'unused']);
  });
});

describe('usage reports (flags.seen)', () => {
  it('stores each flag at most once a day, ignoring names that are not flags', async () => {
    const { deps, clock, usage } = setup();
    await createFlag(deps, ADMIN, input('alpha'));
    await createFlag(deps, ADMIN, input('beta'));
    expect(await reportFeaturesSeen(deps, STORE, ['alpha', 'alpha', 'beta', 'ghost'])).toBe(2);
    clock.advance(13 * 3600_000);
    expect(await reportFeaturesSeen(deps, STORE, ['alpha', 'beta'])).toBe(0);
    expect(usage.get('alpha')).toBe('2026-11-22T10:00:00.000Z');
    // 00:00 UTC the next day: a new day, stored again.
    clock.advance(1 * 3600_000);
    expect(await reportFeaturesSeen(deps, STORE, ['alpha'])).toBe(1);
    expect(usage.get('alpha')).toBe('2026-11-23T00:00:00.000Z');
    expect(usage.has('ghost')).toBe(false);
  });
});
