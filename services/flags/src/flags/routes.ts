import * as contracts from '@sneakers/shared/contracts/flags';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { flagsDeps } from './deps';
import * as config from './domain';

/** The flags of the config document (superusers). */
export const flagRoutes: Route[] = [
  route(contracts.listFlags, async ({ actor, query }) => ({
    flags: await config.listFlags(flagsDeps(), actor, query),
  })),
  route(contracts.createFlag, async ({ actor, body }) => ({
    flag: await config.createFlag(flagsDeps(), actor, body),
  })),
  route(contracts.updateFlag, async ({ actor, params, body }) => ({
    flag: await config.updateFlag(flagsDeps(), actor, params.name, body),
  })),
  route(contracts.deleteFlag, async ({ actor, params }) => {
    await config.deleteFlag(flagsDeps(), actor, params.name);
    return { deleted: true as const };
  }),
];

/** The access rules of the config document (superusers). */
export const accessRuleRoutes: Route[] = [
  route(contracts.listAccessRules, async ({ actor }) => ({
    rules: await config.listAccessRules(flagsDeps(), actor),
  })),
  route(contracts.createAccessRule, async ({ actor, body }) => ({
    rule: await config.createAccessRule(flagsDeps(), actor, body),
  })),
  route(contracts.deleteAccessRule, async ({ actor, params }) => {
    await config.deleteAccessRule(flagsDeps(), actor, params.ruleId);
    return { deleted: true as const };
  }),
];
