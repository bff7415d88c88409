import * as contracts from '@sneakers/shared/contracts/flags';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { flagsDeps } from './deps';
import {
  checkFeatureAccess,
  getMyFeatureAccess,
  getStartupGate,
  getStaleFlags,
  reportFeaturesSeen,
} from './domain/decisions';
import {
  createAccessRule,
  createFlag,
  deleteAccessRule,
  deleteFlag,
  listAccessRules,
  listFlags,
  updateFlag,
} from './domain/flags';
import {
  deleteFlagGrant,
  deleteOverride,
  listFlagGrants,
  listOverrides,
  setFlagGrant,
  setOverride,
} from './domain/user-access';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const flagsRoutes: Route[] = [
  route(contracts.listFlags, async ({ actor, query }) => ({
    flags: await listFlags(flagsDeps(), actor, query),
  })),
  route(contracts.createFlag, async ({ actor, body }) => ({
    flag: await createFlag(flagsDeps(), actor, body),
  })),
  route(contracts.updateFlag, async ({ actor, params, body }) => ({
    flag: await updateFlag(flagsDeps(), actor, params.name, body),
  })),
  route(contracts.deleteFlag, async ({ actor, params }) => {
    await deleteFlag(flagsDeps(), actor, params.name);
    return { deleted: true as const };
  }),
  route(contracts.listFlagGrants, async ({ actor, params }) => ({
    grants: await listFlagGrants(flagsDeps(), actor, params.name),
  })),
  route(contracts.setFlagGrant, async ({ actor, params, body }) => ({
    grant: await setFlagGrant(flagsDeps(), actor, params.name, params.userId, body.granted),
  })),
  route(contracts.deleteFlagGrant, async ({ actor, params }) => {
    await deleteFlagGrant(flagsDeps(), actor, params.name, params.userId);
    return { deleted: true as const };
  }),
  route(contracts.listOverrides, async ({ actor }) => ({
    overrides: await listOverrides(flagsDeps(), actor),
  })),
  route(contracts.setOverride, async ({ actor, params, body }) => ({
    override: await setOverride(flagsDeps(), actor, params.userId, params.feature, body),
  })),
  route(contracts.deleteOverride, async ({ actor, params }) => {
    await deleteOverride(flagsDeps(), actor, params.userId, params.feature);
    return { deleted: true as const };
  }),
  route(contracts.listAccessRules, async ({ actor }) => ({
    rules: await listAccessRules(flagsDeps(), actor),
  })),
  route(contracts.createAccessRule, async ({ actor, body }) => ({
    rule: await createAccessRule(flagsDeps(), actor, body),
  })),
  route(contracts.deleteAccessRule, async ({ actor, params }) => {
    await deleteAccessRule(flagsDeps(), actor, params.ruleId);
    return { deleted: true as const };
  }),
  route(contracts.getMyFeatureAccess, async ({ actor }) => getMyFeatureAccess(flagsDeps(), actor)),
  route(contracts.getStartupGate, async () => getStartupGate(flagsDeps())),
  route(contracts.checkFeatureAccess, async ({ actor, query }) =>
    checkFeatureAccess(flagsDeps(), actor, query),
  ),
  route(contracts.getStaleFlags, async ({ actor }) => ({ flags: await getStaleFlags(flagsDeps(), actor) })),
  // Nothing is created that the caller could address: 200, not 201.
  route(
    contracts.reportFeaturesSeen,
    async ({ actor, body }) => ({ recorded: await reportFeaturesSeen(flagsDeps(), actor, body.features) }),
    { status: 200 },
  ),
];
