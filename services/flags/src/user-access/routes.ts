import * as contracts from '@sneakers/shared/contracts/flags';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { userAccessDeps } from './deps';
import * as access from './domain';

/** Per-user grants and developer overrides (superusers). */
export const userAccessRoutes: Route[] = [
  route(contracts.listFlagGrants, async ({ actor, params }) => ({
    grants: await access.listFlagGrants(userAccessDeps(), actor, params.name),
  })),
  route(contracts.setFlagGrant, async ({ actor, params, body }) => ({
    grant: await access.setFlagGrant(userAccessDeps(), actor, params.name, params.userId, body.granted),
  })),
  route(contracts.deleteFlagGrant, async ({ actor, params }) => {
    await access.deleteFlagGrant(userAccessDeps(), actor, params.name, params.userId);
    return { deleted: true as const };
  }),
  route(contracts.listOverrides, async ({ actor }) => ({
    overrides: await access.listOverrides(userAccessDeps(), actor),
  })),
  route(contracts.setOverride, async ({ actor, params, body }) => ({
    override: await access.setOverride(userAccessDeps(), actor, params.userId, params.feature, body),
  })),
  route(contracts.deleteOverride, async ({ actor, params }) => {
    await access.deleteOverride(userAccessDeps(), actor, params.userId, params.feature);
    return { deleted: true as const };
  }),
];
