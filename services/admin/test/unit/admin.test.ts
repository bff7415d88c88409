import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS, requireUser, type Actor } from '@sneakers/shared/actor';
import { auditItem } from '@sneakers/shared/audit/audit-item';
import { IMPERSONATION_FORBIDDEN_MESSAGE } from '@sneakers/shared/contracts/admin';
import { impersonationTokenHash } from '@sneakers/shared/impersonation/impersonation';
import { listAuditLog } from '../../src/audit-log/domain';
import { startImpersonation, stopImpersonation } from '../../src/impersonation/domain';
import { listUsers } from '../../src/users/domain';
import { adminUser, memoryDeps } from './memory';

const user = (userId: string, extra: Partial<Extract<Actor, { kind: 'user' }>> = {}): Actor => ({
  kind: 'user',
  userId,
  email: `${userId}@example.com`,
  isSuperuser: false,
  isDemo: false,
  ...extra,
});
const ROOT = user('root', { email: 'Root.Admin@Example.com', isSuperuser: true });
const OTHER_ROOT = user('other-root', { isSuperuser: true });
const STORE = user('store-1');
const DEMO = user('demo-store', { isDemo: true });
/** The root superuser acting as store-1 through impersonation `grantId`. */
const asStore = (grantId: string): Actor =>
  user('store-1', {
    impersonator: { userId: 'root', email: 'root.admin@example.com', impersonationId: grantId },
  });

async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; code?: string; message?: string } | null;
  return error && { status: error.status, code: error.code, message: error.message };
}

function world() {
  const w = memoryDeps();
  w.users.set('root', adminUser('root', { isSuperuser: true, createdAt: '2026-10-01T00:00:00.000Z' }));
  w.users.set(
    'store-1',
    adminUser('store-1', {
      businessName: 'Kicks Corner',
      email: 'ana@kicks.example',
      createdAt: '2026-11-10T00:00:00.000Z',
    }),
  );
  w.users.set(
    'store-2',
    adminUser('store-2', {
      businessName: 'Sole Traders',
      email: 'KICKS@sole.example',
      createdAt: '2026-11-20T00:00:00.000Z',
    }),
  );
  return w;
}

describe('admin users list', () => {
  it('lists every user newest first, page by page, for a superuser', async () => {
    const { deps } = world();
    const first = await listUsers(deps, ROOT, { limit: 2 });
    expect(first.items.map((u) => u.userId)).toEqual(['store-2', 'store-1']);
    const second = await listUsers(deps, ROOT, { limit: 2, cursor: first.cursor ?? undefined });
    expect(second).toEqual({ items: [expect.objectContaining({ userId: 'root' })], cursor: null });
  });

  it('searches business name or email, ignoring case and surrounding blanks', async () => {
    const { deps } = world();
    const ids = async (search: string) =>
      (await listUsers(deps, ROOT, { search })).items.map((u) => u.userId);
    expect(await ids('  KICKS ')).toEqual(['store-2', 'store-1']);
    expect(await ids('sole')).toEqual(['store-2']);
    expect(await ids('ana@')).toEqual(['store-1']);
    expect(await ids('nobody')).toEqual([]);
    expect(await ids('   ')).toHaveLength(3);
  });

  it('refuses non-superusers (403) and the signed out (401)', async () => {
    const { deps } = world();
    expect(await refusal(listUsers(deps, STORE, {}))).toEqual({
      status: 403,
      code: 'SUPERUSER_REQUIRED',
      message: 'Only superusers can see users.',
    });
    expect(await refusal(listUsers(deps, DEMO, {}))).toMatchObject({
      status: 403,
      code: 'SUPERUSER_REQUIRED',
    });
    expect(await refusal(listUsers(deps, ANONYMOUS, {}))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'User not authenticated',
    });
  });
});

describe('starting an impersonation', () => {
  it('records a grant under the SHA-256 of a fresh token, for 30 minutes, with its audit entry', async () => {
    const { deps, grants, audit } = world();
    const { impersonation, token } = await startImpersonation(deps, ROOT, { targetUserId: 'store-1' });
    expect(token).toBe('token-1');
    expect(impersonation).toEqual({
      id: 'id-0001',
      targetUserId: 'store-1',
      targetBusinessName: 'Kicks Corner',
      targetEmail: 'ana@kicks.example',
      startedAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-22T10:30:00.000Z',
    });
    const hash = createHash('sha256').update('token-1').digest('hex');
    expect([...grants.keys()]).toEqual([hash]);
    expect(grants.get(hash)).toEqual({
      tokenHash: hash,
      id: 'id-0001',
      superuserId: 'root',
      superuserEmail: 'Root.Admin@Example.com',
      targetUserId: 'store-1',
      targetEmail: 'ana@kicks.example',
      startedAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-22T10:30:00.000Z',
      stoppedAt: null,
    });
    expect(audit).toEqual([
      {
        log: 'audit',
        id: 'id-0002',
        at: '2026-11-22T10:00:00.000Z',
        action: 'impersonation.started',
        actorUserId: 'root',
        actorEmail: 'root.admin@example.com',
        subject: 'store-1',
        after: JSON.stringify({ targetEmail: 'ana@kicks.example', expiresAt: '2026-11-22T10:30:00.000Z' }),
      },
    ]);
    // The token itself is kept nowhere.
    expect(JSON.stringify([...grants.values(), ...audit])).not.toContain('token-1');
  });

  it('hashes tokens with SHA-256, hex', () => {
    expect(impersonationTokenHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('is refused to non-superusers, to a caller already impersonating, and to the demo identity', async () => {
    const { deps, grants, audit } = world();
    const forbidden = {
      status: 403,
      code: 'IMPERSONATION_FORBIDDEN',
      message: IMPERSONATION_FORBIDDEN_MESSAGE,
    };
    expect(IMPERSONATION_FORBIDDEN_MESSAGE).toBe('Only superusers can impersonate other users');
    expect(await refusal(startImpersonation(deps, STORE, { targetUserId: 'store-2' }))).toEqual(forbidden);
    // Even when the impersonated account is itself a superuser's.
    const chained = user('store-1', {
      isSuperuser: true,
      impersonator: { userId: 'root', impersonationId: 'g-1' },
    });
    expect(await refusal(startImpersonation(deps, chained, { targetUserId: 'store-2' }))).toEqual(forbidden);
    expect(await refusal(startImpersonation(deps, DEMO, { targetUserId: 'store-2' }))).toMatchObject({
      status: 403,
      code: 'DEMO_MODE',
    });
    expect(await refusal(startImpersonation(deps, ANONYMOUS, { targetUserId: 'store-2' }))).toMatchObject({
      status: 401,
    });
    expect([grants.size, audit.length]).toEqual([0, 0]);
  });

  it('needs a target with a profile (404) other than the caller (400)', async () => {
    const { deps, grants } = world();
    expect(await refusal(startImpersonation(deps, ROOT, { targetUserId: 'ghost' }))).toMatchObject({
      status: 404,
      code: 'USER_NOT_FOUND',
    });
    expect(await refusal(startImpersonation(deps, ROOT, { targetUserId: 'root' }))).toMatchObject({
      status: 400,
      code: 'IMPERSONATION_SELF',
    });
    expect(grants.size).toBe(0);
  });
});

describe('stopping an impersonation', () => {
  it('stops it for the superuser who started it, once, with an audit entry', async () => {
    const { deps, grants, audit, clock } = world();
    const { impersonation } = await startImpersonation(deps, ROOT, { targetUserId: 'store-1' });
    clock.advance(5 * 60_000);
    expect(await stopImpersonation(deps, ROOT, impersonation.id)).toEqual({ stopped: true });
    expect([...grants.values()][0]?.stoppedAt).toBe('2026-11-22T10:05:00.000Z');
    expect(audit.at(-1)).toMatchObject({
      action: 'impersonation.stopped',
      actorUserId: 'root',
      subject: 'store-1',
      at: '2026-11-22T10:05:00.000Z',
    });
    // Idempotent: a second stop answers the same and changes nothing.
    clock.advance(60_000);
    expect(await stopImpersonation(deps, ROOT, impersonation.id)).toEqual({ stopped: true });
    expect([...grants.values()][0]?.stoppedAt).toBe('2026-11-22T10:05:00.000Z');
    expect(audit.filter((e) => e.action === 'impersonation.stopped')).toHaveLength(1);
  });

  it('lets the superuser stop it through an impersonation of the read-only demo store', async () => {
    const { deps, grants, users } = world();
    users.set('demo-store', adminUser('demo-store'));
    const { impersonation } = await startImpersonation(deps, ROOT, { targetUserId: 'demo-store' });
    const asDemo = user('demo-store', {
      isDemo: true,
      impersonator: { userId: 'root', impersonationId: impersonation.id },
    });
    expect(await stopImpersonation(deps, asDemo, impersonation.id)).toEqual({ stopped: true });
    expect([...grants.values()][0]?.stoppedAt).not.toBeNull();
  });

  it('lets the superuser stop it from inside the impersonation, recording both people', async () => {
    const { deps, audit } = world();
    const { impersonation } = await startImpersonation(deps, ROOT, { targetUserId: 'store-1' });
    await stopImpersonation(deps, asStore(impersonation.id), impersonation.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'impersonation.stopped',
      actorUserId: 'root',
      impersonatedUserId: 'store-1',
    });
  });

  it('is not found for anyone but the superuser who started it, or for an unknown id', async () => {
    const { deps, grants } = world();
    const { impersonation } = await startImpersonation(deps, ROOT, { targetUserId: 'store-1' });
    const notFound = { status: 404, code: 'IMPERSONATION_NOT_FOUND' };
    expect(await refusal(stopImpersonation(deps, OTHER_ROOT, impersonation.id))).toMatchObject(notFound);
    expect(await refusal(stopImpersonation(deps, ROOT, 'no-such-id'))).toMatchObject(notFound);
    // The target as themselves, or any other store.
    expect(await refusal(stopImpersonation(deps, STORE, impersonation.id))).toMatchObject(notFound);
    expect(await refusal(stopImpersonation(deps, DEMO, impersonation.id))).toMatchObject({
      code: 'DEMO_MODE',
    });
    expect([...grants.values()][0]?.stoppedAt).toBeNull();
  });

  it('answers stopped when a parallel stop committed first, without a second entry', async () => {
    const { deps, audit } = world();
    const { impersonation } = await startImpersonation(deps, ROOT, { targetUserId: 'store-1' });
    const [a, b] = await Promise.all([
      stopImpersonation(deps, ROOT, impersonation.id),
      stopImpersonation(deps, ROOT, impersonation.id),
    ]);
    expect([a, b]).toEqual([{ stopped: true }, { stopped: true }]);
    expect(audit.filter((e) => e.action === 'impersonation.stopped')).toHaveLength(1);
  });
});

describe('the audit log', () => {
  async function withHistory() {
    const w = world();
    const first = await startImpersonation(w.deps, ROOT, { targetUserId: 'store-1' });
    w.clock.advance(60_000);
    await stopImpersonation(w.deps, ROOT, first.impersonation.id);
    w.clock.advance(60_000);
    w.users.set('other-root', adminUser('other-root', { isSuperuser: true }));
    await startImpersonation(w.deps, OTHER_ROOT, { targetUserId: 'store-2' });
    return w;
  }

  it('lists entries newest first, page by page', async () => {
    const { deps } = await withHistory();
    const first = await listAuditLog(deps, ROOT, { limit: 2 });
    expect(first.items.map((e) => [e.action, e.actorUserId])).toEqual([
      ['impersonation.started', 'other-root'],
      ['impersonation.stopped', 'root'],
    ]);
    const second = await listAuditLog(deps, ROOT, { limit: 2, cursor: first.cursor ?? undefined });
    expect(second.items.map((e) => e.action)).toEqual(['impersonation.started']);
    expect(second.cursor).toBeNull();
  });

  it('filters by action and by actor id or email substring, ignoring case', async () => {
    const { deps } = await withHistory();
    const actions = async (q: { action?: 'impersonation.started'; actor?: string }) =>
      (await listAuditLog(deps, ROOT, q)).items.map((e) => `${e.action} ${e.actorUserId}`);
    expect(await actions({ action: 'impersonation.started' })).toEqual([
      'impersonation.started other-root',
      'impersonation.started root',
    ]);
    expect(await actions({ actor: 'other-root' })).toEqual(['impersonation.started other-root']);
    expect(await actions({ actor: 'ROOT.ADMIN@' })).toEqual([
      'impersonation.stopped root',
      'impersonation.started root',
    ]);
    expect(await actions({ action: 'impersonation.started', actor: 'root.admin' })).toEqual([
      'impersonation.started root',
    ]);
    expect(await actions({ actor: 'nobody' })).toEqual([]);
  });

  it("names a caller whose token carried no email by their profile's, and finds them by it", async () => {
    const { deps, users } = await withHistory();
    // API calls carry access tokens, which have no email claim.
    const quiet: Actor = { kind: 'user', userId: 'quiet-root', isSuperuser: true, isDemo: false };
    users.set('quiet-root', adminUser('quiet-root', { email: 'Quiet.Admin@Example.com', isSuperuser: true }));
    await startImpersonation(deps, quiet, { targetUserId: 'store-2' });
    const found = await listAuditLog(deps, ROOT, { actor: 'quiet.ADMIN' });
    expect(found.items.map((e) => [e.action, e.actorUserId, e.actorEmail])).toEqual([
      ['impersonation.started', 'quiet-root', 'quiet.admin@example.com'],
    ]);
  });

  it('names every person by business name and email, never by id alone (issue 25)', async () => {
    const { deps, audit, users } = await withHistory();
    audit.push(
      auditItem(
        requireUser(asStore('g1')),
        { action: 'impersonation.write', subject: 'crm.clients.create' },
        'w1',
        '2026-11-22T11:00:00Z',
      ),
      auditItem(
        requireUser(ROOT),
        { action: 'override.set', subject: 'store-2:beta-tools' },
        'o1',
        '2026-11-22T11:01:00Z',
      ),
      auditItem(
        requireUser(ROOT),
        { action: 'flag.created', subject: 'beta-tools' },
        'f1',
        '2026-11-22T11:02:00Z',
      ),
      auditItem(
        requireUser(user('gone')),
        { action: 'grant.set', subject: 'gone-too:beta-tools' },
        'g2',
        '2026-11-22T11:03:00Z',
      ),
    );
    users.delete('gone');
    const named = (userId: string) => ({
      userId,
      businessName: users.get(userId)!.businessName,
      email: users.get(userId)!.email,
    });
    const people = (await listAuditLog(deps, ROOT, { limit: 5 })).items.map((e) => ({
      action: e.action,
      actor: e.actor,
      impersonated: e.impersonated,
      subjectUser: e.subjectUser,
      subjectName: e.subjectName,
    }));
    // The email an entry recorded (lower-cased) is what it said then: it comes before the profile's.
    const root = { ...named('root'), email: 'root.admin@example.com' };
    expect(people).toEqual([
      {
        action: 'grant.set',
        // No profile left: the email the entry recorded; nothing to name the grant's user by.
        actor: { userId: 'gone', businessName: null, email: 'gone@example.com' },
        impersonated: null,
        subjectUser: { userId: 'gone-too', businessName: null, email: null },
        subjectName: 'beta-tools',
      },
      {
        action: 'flag.created',
        actor: root,
        impersonated: null,
        subjectUser: null,
        subjectName: 'beta-tools',
      },
      {
        action: 'override.set',
        actor: root,
        impersonated: null,
        subjectUser: named('store-2'),
        subjectName: 'beta-tools',
      },
      {
        action: 'impersonation.write',
        actor: root,
        impersonated: named('store-1'),
        subjectUser: null,
        subjectName: 'crm.clients.create',
      },
      {
        action: 'impersonation.started',
        actor: named('other-root'),
        impersonated: null,
        subjectUser: named('store-2'),
        subjectName: null,
      },
    ]);
  });

  it('is for superusers only', async () => {
    const { deps } = await withHistory();
    expect(await refusal(listAuditLog(deps, STORE, {}))).toEqual({
      status: 403,
      code: 'SUPERUSER_REQUIRED',
      message: 'Only superusers can see the audit log.',
    });
    expect(await refusal(listAuditLog(deps, ANONYMOUS, {}))).toMatchObject({ status: 401 });
  });
});
