import * as contracts from '@sneakers/shared/contracts/flags';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { decisionsDeps } from './deps';
import { checkFeatureAccess, getMyFeatureAccess, getStartupGate } from './domain';

/** What decides features: the caller's own, the start-up gate, and the "check a user" tool. */
export const decisionRoutes: Route[] = [
  route(contracts.getMyFeatureAccess, async ({ actor }) => getMyFeatureAccess(decisionsDeps(), actor)),
  route(contracts.getStartupGate, async () => getStartupGate(decisionsDeps())),
  route(contracts.checkFeatureAccess, async ({ actor, query }) =>
    checkFeatureAccess(decisionsDeps(), actor, query),
  ),
];
