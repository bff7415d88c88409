import { auditEntity, AUDIT_LOG, toAuditEntry } from '@sneakers/shared/audit/audit-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import type { AuditLogRepository } from './ports';

const DEFAULT_PAGE = 25;

/**
 * The audit log's one partition newest first (`byTime`). A filtered page uses `count`: it
 * keeps reading pages until a page of matches (or the end), and the cursor is the last
 * match's key, so a filter never answers an empty page early.
 */
export function createAuditLogRepository(client: DocumentClient, table: string): AuditLogRepository {
  const { audit } = new Service({ audit: auditEntity }, { client, table }).entities;

  return {
    listAudit: ({ action, actor, ...page }) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        ({ cursor, limit }) => {
          const all = audit.query.byTime({ log: AUDIT_LOG });
          const query =
            action || actor
              ? all.where((attr, { eq, contains }) => {
                  const clauses: string[] = [];
                  if (action) clauses.push(eq(attr.action, action));
                  if (actor)
                    clauses.push(
                      `(${[
                        ...actor.userIds.map((id) => eq(attr.actorUserId, id)),
                        contains(attr.actorEmail, actor.email),
                      ].join(' OR ')})`,
                    );
                  return clauses.join(' AND ');
                })
              : all;
          return query.go({ order: 'desc', cursor, limit, count: limit });
        },
        toAuditEntry,
      ),
  };
}
