import {
  listAuditLog as listAuditLogContract,
  listUsers as listUsersContract,
  startImpersonation as startImpersonationContract,
  stopImpersonation as stopImpersonationContract,
} from '@sneakers/shared/contracts/admin';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { adminDeps } from './deps';
import { listAuditLog, listUsers, startImpersonation, stopImpersonation } from './domain/admin';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const adminRoutes: Route[] = [
  route(listUsersContract, async ({ actor, query }) => {
    const page = await listUsers(adminDeps(), actor, query);
    return { users: page.items, cursor: page.cursor };
  }),
  route(startImpersonationContract, async ({ actor, body }) => startImpersonation(adminDeps(), actor, body)),
  route(
    stopImpersonationContract,
    async ({ actor, params }) => stopImpersonation(adminDeps(), actor, params.impersonationId),
    // Stopping changes a grant, it creates nothing.
    { status: 200 },
  ),
  route(listAuditLogContract, async ({ actor, query }) => {
    const page = await listAuditLog(adminDeps(), actor, query);
    return { entries: page.items, cursor: page.cursor };
  }),
];
