import type { Actor } from '@sneakers/shared/actor';
import type { AuditAction, AuditEntry } from '@sneakers/shared/contracts/admin';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { requireAdmin } from '../users/domain';
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
  const page = { cursor: query.cursor, limit: query.limit, action: query.action };
  if (!who) return deps.auditLog.listAudit(page);
  const email = who.toLowerCase();
  const byEmail = await deps.users.findUserIdsByEmail(email, MAX_ACTOR_MATCHES);
  const userIds = [...new Set([who, ...byEmail])];
  return deps.auditLog.listAudit({ ...page, actor: { userIds, email } });
}
