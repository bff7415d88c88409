import { fixedClock } from '@sneakers/shared/clock';
import { toAuditEntry } from '@sneakers/shared/audit/audit-entity';
import type { AdminUser } from '@sneakers/shared/contracts/admin';
import { sequenceIds } from '@sneakers/shared/ids';
import type { AuditLogDeps } from '../../src/audit-log/ports';
import type { AuditItem, GrantRecord, ImpersonationDeps } from '../../src/impersonation/ports';
import type { UsersDeps } from '../../src/users/ports';

/**
 * In-memory ports with the store's semantics: users newest first (createdAt, then id), the
 * search lower-cased inside name or email, grants by token hash and by id, a conditional
 * stop, the audit log newest first with its filters, offset cursors.
 */
export function memoryDeps(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  const users = new Map<string, AdminUser>();
  const grants = new Map<string, GrantRecord>();
  const audit: AuditItem[] = [];
  let tokenCount = 0;

  function page<T>(all: T[], request: { cursor?: string | undefined; limit?: number | undefined }) {
    const start = request.cursor ? Number(request.cursor) : 0;
    const end = start + (request.limit ?? 25);
    return {
      items: all.slice(start, end).map((t) => structuredClone(t)),
      cursor: end < all.length ? String(end) : null,
    };
  }

  const deps: UsersDeps & ImpersonationDeps & AuditLogDeps = {
    clock,
    ids: sequenceIds('id'),
    tokens: { next: () => `token-${++tokenCount}` },
    users: {
      listUsers: async ({ search, ...request }) => {
        const all = [...users.values()]
          .filter(
            (u) =>
              !search ||
              u.businessName.toLowerCase().includes(search) ||
              u.email.toLowerCase().includes(search),
          )
          .sort((a, b) => `${b.createdAt}#${b.userId}`.localeCompare(`${a.createdAt}#${a.userId}`));
        return page(all, request);
      },
      getUser: async (userId) => structuredClone(users.get(userId) ?? null),
      namesOf: async (userIds) =>
        new Map(
          userIds.flatMap((id) => {
            const user = users.get(id);
            return user ? [[id, { businessName: user.businessName, email: user.email }] as const] : [];
          }),
        ),
      findUserIdsByEmail: async (fragment, max) =>
        [...users.values()]
          .filter((u) => u.email.toLowerCase().includes(fragment))
          .sort((a, b) => `${b.createdAt}#${b.userId}`.localeCompare(`${a.createdAt}#${a.userId}`))
          .slice(0, max)
          .map((u) => u.userId),
    },
    impersonations: {
      start: async (grant, entry) => {
        if (grants.has(grant.tokenHash)) throw new Error('token hash taken');
        grants.set(grant.tokenHash, structuredClone(grant));
        audit.push(structuredClone(entry));
      },
      find: async (id) => structuredClone([...grants.values()].find((g) => g.id === id) ?? null),
      stop: async (grant, stoppedAt, entry) => {
        const stored = grants.get(grant.tokenHash);
        if (!stored) throw new Error('no such grant');
        if (stored.stoppedAt) return 'alreadyStopped';
        stored.stoppedAt = stoppedAt;
        audit.push(structuredClone(entry));
        return 'committed';
      },
    },
    auditLog: {
      listAudit: async ({ action, actor, ...request }) => {
        const all = audit
          .map(toAuditEntry)
          .filter((e) => !action || e.action === action)
          .filter(
            (e) =>
              !actor || actor.userIds.includes(e.actorUserId) || (e.actorEmail ?? '').includes(actor.email),
          )
          .sort((a, b) => `${b.at}#${b.id}`.localeCompare(`${a.at}#${a.id}`));
        return page(all, request);
      },
    },
  };
  return { deps, clock, users, grants, audit };
}

export function adminUser(userId: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    userId,
    businessName: `Store ${userId}`,
    email: `${userId}@example.com`,
    role: 'store',
    plan: 'trial',
    subscriptionStatus: 'trial',
    trialEndsAt: '2026-12-06T10:00:00.000Z',
    pastDueSince: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    isSuperuser: false,
    ...overrides,
  };
}
