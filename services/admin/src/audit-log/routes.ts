import { listAuditLog as listAuditLogContract } from '@sneakers/shared/contracts/admin';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { auditLogDeps } from './deps';
import { listAuditLog } from './domain';

/** The audit log (superusers). */
export const auditLogRoutes: Route[] = [
  route(listAuditLogContract, async ({ actor, query }) => {
    const page = await listAuditLog(auditLogDeps(), actor, query);
    return { entries: page.items, cursor: page.cursor };
  }),
];
