import { Entity } from 'electrodb';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../contracts/admin';
import type { UserActor } from '../actor';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The append-only audit log (issue: access control): every change to flags, rules,
 * overrides, grants and site settings, and every impersonation start, stop and write.
 *
 * Written by the service that makes the change, as one more item of the change's own
 * transaction (`create`, so an entry is never overwritten), which is why the entity lives
 * in shared code. Nothing updates or deletes entries. Partitioned by month (`period`,
 * `YYYY-MM`) so no partition grows forever; the admin view reads months newest first.
 */
export const auditEntity = new Entity({
  model: { entity: 'auditEntry', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    period: { type: 'string', required: true, readOnly: true },
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
    byPeriod: {
      pk: { field: 'pk', composite: ['period'] },
      sk: { field: 'sk', composite: ['at', 'id'] },
    },
  },
});

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
    period: at.slice(0, 7),
    id,
    at,
    action: change.action,
    actorUserId: real.userId,
    subject: change.subject,
    ...optional('actorEmail', real.email),
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
