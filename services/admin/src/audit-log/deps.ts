import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createUsersRepository } from '../users/repository';
import type { AuditLogDeps } from './ports';
import { createAuditLogRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const auditLogDeps = lazy((): AuditLogDeps => {
  const { client, table } = tableAccess();
  return { auditLog: createAuditLogRepository(client, table), users: createUsersRepository(client, table) };
});
