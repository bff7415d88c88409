import { Entity } from '../table/entity';
import { AUDIT_ACTIONS } from '../contracts/admin-values';
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

export { AUDIT_LOG, auditItem, toAuditEntry, type AuditChange, type StoredAuditEntry } from './audit-item';
