import {
  startImpersonation as startImpersonationContract,
  stopImpersonation as stopImpersonationContract,
} from '@sneakers/shared/contracts/admin';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { impersonationDeps } from './deps';
import { startImpersonation, stopImpersonation } from './domain';

/** Starting (superusers) and stopping (the superuser who started it) an impersonation. */
export const impersonationRoutes: Route[] = [
  route(startImpersonationContract, async ({ actor, body }) =>
    startImpersonation(impersonationDeps(), actor, body),
  ),
  route(
    stopImpersonationContract,
    async ({ actor, params }) => stopImpersonation(impersonationDeps(), actor, params.impersonationId),
    // Stopping changes a grant, it creates nothing.
    { status: 200 },
  ),
];
