import type { UserActor } from '../actor';
import type { AuditEntry } from '../contracts/admin';
import type { AuditAction } from '../contracts/admin-values';

/**
 * The audit log's entries as the domain builds and reads them (pure: the entity that stores
 * them is ./audit-entity.ts).
 */
export const AUDIT_LOG = 'audit';

export interface AuditChange {
  action: AuditAction;
  subject: string;
  before?: unknown;
  after?: unknown;
}

/** Absent values leave the attribute out: rows store no undefined. */
const optional = <K extends string>(key: K, value: string | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, string>);
const json = (value: unknown) => (value === undefined || value === null ? undefined : JSON.stringify(value));

/**
 * The entry for a change made by `actor` (the real person: while impersonating, the
 * superuser, with the impersonated user recorded beside them).
 */
export function auditItem(actor: UserActor, change: AuditChange, id: string, at: string) {
  const real = actor.impersonator ?? { userId: actor.userId, email: actor.email };
  return {
    log: AUDIT_LOG,
    id,
    at,
    action: change.action,
    actorUserId: real.userId,
    subject: change.subject,
    // Lower-cased so the admin view's actor filter (a DynamoDB `contains`) ignores case.
    ...optional('actorEmail', real.email?.toLowerCase()),
    ...optional('impersonatedUserId', actor.impersonator ? actor.userId : undefined),
    ...optional('before', json(change.before)),
    ...optional('after', json(change.after)),
  };
}

/** An entry as stored; the admin service adds the people it names (`AuditEntry`). */
export type StoredAuditEntry = Omit<AuditEntry, 'actor' | 'impersonated' | 'subjectUser' | 'subjectName'>;

/** An entry as read back from its row. */
export function toAuditEntry(item: {
  id: string;
  at: string;
  action: AuditAction;
  actorUserId: string;
  actorEmail?: string;
  impersonatedUserId?: string;
  subject: string;
  before?: string;
  after?: string;
}): StoredAuditEntry {
  return {
    id: item.id,
    at: item.at,
    action: item.action,
    actorUserId: item.actorUserId,
    actorEmail: item.actorEmail ?? null,
    impersonatedUserId: item.impersonatedUserId ?? null,
    subject: item.subject,
    before: item.before ?? null,
    after: item.after ?? null,
  };
}
