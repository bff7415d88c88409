import { Entity } from '../table/entity';
import type { AuditEntry } from '../contracts/admin';
import { AUDIT_ACTIONS, type AuditAction } from '../contracts/admin-values';
import type { UserActor } from '../actor';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The append-only audit log (issue: access control): every change to flags, rules,
 * overrides, grants and site settings, and every impersonation start, stop and write.
 *
 * Written by the service that makes the change, as one more item of the change's own
 * transaction (`create`, so an entry is never overwritten), which is why the entity lives
 * in shared code. Nothing updates or deletes entries. One partition (`log` is always
 * AUDIT_LOG), sorted by time: admin changes are rare, a partition without local indexes has
 * no size limit, and the admin view pages it newest first with the shared paging.
 */
export const auditEntity = new Entity({
  model: { entity: 'auditEntry', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    log: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    at: { type: 'string', required: true, readOnly: true },
    action: { type: AUDIT_ACTIONS, required: true, readOnly: true },
    actorUserId: { type: 'string', required: true, readOnly: true },
    actorEmail: { type: 'string', readOnly: true },
    impersonatedUserId: { type: 'string', readOnly: true },
    subject: { type: 'string', required: true, readOnly: true },
    before: { type: 'string', readOnly: true },
    after: { type: 'string', readOnly: true },
  },
  indexes: {
    byTime: {
      pk: { field: 'pk', composite: ['log'] },
      sk: { field: 'sk', composite: ['at', 'id'] },
    },
  },
});

export const AUDIT_LOG = 'audit';

export interface AuditChange {
  action: AuditAction;
  subject: string;
  before?: unknown;
  after?: unknown;
}

/** ElectroDB refuses explicit undefined for absent attributes: absent values leave the key out. */
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

/** An entry as the admin API answers it. */
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
}): AuditEntry {
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
