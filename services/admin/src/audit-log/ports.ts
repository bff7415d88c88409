import type { StoredAuditEntry } from '@sneakers/shared/audit/audit-item';
import type { AuditAction } from '@sneakers/shared/contracts/admin';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { UsersRepository } from '../users/ports';

export interface AuditQuery extends PageRequest {
  action?: AuditAction | undefined;
  /** Entries whose real actor is one of `userIds`, or whose recorded email contains `email` (lower-cased). */
  actor?: { userIds: string[]; email: string } | undefined;
}

/** The audit log every service writes in its changes' transactions (shared/src/audit). */
export interface AuditLogRepository {
  /** The audit log newest first, filtered. */
  listAudit(query: AuditQuery): Promise<Page<StoredAuditEntry>>;
}

export interface AuditLogDeps {
  auditLog: AuditLogRepository;
  users: Pick<UsersRepository, 'findUserIdsByEmail' | 'namesOf'>;
}
