import type { Actor } from '@sneakers/shared/actor';
import type { StoredAuditEntry } from '@sneakers/shared/audit/audit-item';
import type { AuditAction, AuditEntry, AuditPerson } from '@sneakers/shared/contracts/admin';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { requireAdmin } from '../users/domain';
import type { UserName } from '../users/ports';
import type { AuditLogDeps } from './ports';

/** How many users an email fragment of the audit filter may stand for. */
export const MAX_ACTOR_MATCHES = 25;

/**
 * The audit log newest first (docs/product/administration.md#audit-log); `actor` is a user
 * id (exact) or part of an email (any case). API tokens are access tokens, which carry no
 * email, so an entry seldom records one: the fragment is also looked up in the users'
 * contact emails, and their entries match too.
 */
export async function listAuditLog(
  deps: AuditLogDeps,
  actor: Actor,
  query: PageRequest & { action?: AuditAction | undefined; actor?: string | undefined },
): Promise<Page<AuditEntry>> {
  requireAdmin(actor, 'Only superusers can see the audit log.');
  const who = query.actor?.trim();
  const request = { cursor: query.cursor, limit: query.limit, action: query.action };
  let page: Page<StoredAuditEntry>;
  if (!who) page = await deps.auditLog.listAudit(request);
  else {
    const email = who.toLowerCase();
    const byEmail = await deps.users.findUserIdsByEmail(email, MAX_ACTOR_MATCHES);
    const userIds = [...new Set([who, ...byEmail])];
    page = await deps.auditLog.listAudit({ ...request, actor: { userIds, email } });
  }
  return { items: await withPeople(deps, page.items), cursor: page.cursor };
}

/**
 * What an entry's subject is made of: the user it is about and the rest. Impersonations
 * name their target; grants and overrides are `userId:feature` (services/flags); anything
 * else names no user.
 */
export function subjectParts(
  action: AuditAction,
  subject: string,
): { userId: string | null; name: string | null } {
  switch (action) {
    case 'impersonation.started':
    case 'impersonation.stopped':
      return { userId: subject, name: null };
    case 'grant.set':
    case 'grant.deleted':
    case 'override.set':
    case 'override.deleted': {
      const colon = subject.indexOf(':');
      return colon > 0
        ? { userId: subject.slice(0, colon), name: subject.slice(colon + 1) }
        : { userId: null, name: subject };
    }
    default:
      return { userId: null, name: subject };
  }
}

/**
 * Names every person a page of entries mentions, in one batch read of their profiles, at
 * read time: entries are written by several services (and by every service's pipeline
 * while impersonating), none of which should read a profile on its write path, and a
 * business renamed since is recognised by its name today. The email an entry recorded is
 * what it said then, so it comes first; a user with no profile left keeps that email.
 */
async function withPeople(deps: AuditLogDeps, entries: StoredAuditEntry[]): Promise<AuditEntry[]> {
  const parts = entries.map((e) => subjectParts(e.action, e.subject));
  const ids = entries.flatMap((e, i) => [e.actorUserId, e.impersonatedUserId, parts[i]!.userId]);
  const names = await deps.users.namesOf([...new Set(ids.filter((id): id is string => id !== null))]);
  return entries.map((entry, i) => {
    const { userId: subjectUserId, name: subjectName } = parts[i]!;
    return {
      ...entry,
      actor: person(names, entry.actorUserId, entry.actorEmail),
      impersonated: entry.impersonatedUserId ? person(names, entry.impersonatedUserId, null) : null,
      subjectUser: subjectUserId ? person(names, subjectUserId, null) : null,
      subjectName,
    };
  });
}

function person(names: Map<string, UserName>, userId: string, recordedEmail: string | null): AuditPerson {
  const name = names.get(userId);
  return { userId, businessName: name?.businessName ?? null, email: recordedEmail ?? name?.email ?? null };
}
