import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { UserActor } from '../actor';
import { auditEntity, auditItem, type AuditChange } from '../audit/audit-entity';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { IdGenerator } from '../ids';
import type { DocumentClient } from '../table/client';

/** Answered when a write made while impersonating cannot be recorded first: it is not run. */
export class AuditUnavailableError extends AppError {
  constructor() {
    super(
      503,
      'AUDIT_UNAVAILABLE',
      'This change could not be recorded in the audit log, so it was not made. Please try again.',
    );
  }
}

export interface AuditLog {
  /** Appends one entry; rejects when it could not be stored. */
  record(actor: UserActor, change: AuditChange): Promise<void>;
}

/** Single conditional Puts of audit entries, for what is not part of a transaction (the pipeline's write records). */
export function createAuditLog(
  client: DocumentClient,
  table: string,
  ids: IdGenerator,
  clock: Clock,
): AuditLog {
  return {
    async record(actor, change) {
      const params = auditEntity
        .create(auditItem(actor, change, ids.next(), clock.now().toISOString()))
        .params({ table });
      await client.send(new PutCommand(params));
    },
  };
}

/** What a call made while impersonating records before it runs: the route and its address, never its body. */
export function impersonatedWrite(
  routeId: string,
  request: { method: string; path: string; params: Record<string, string> },
): AuditChange {
  return {
    action: 'impersonation.write',
    subject: routeId,
    after: { method: request.method, path: request.path, params: request.params },
  };
}
