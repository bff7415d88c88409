import * as contracts from '@sneakers/shared/contracts/flags';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { usageDeps } from './deps';
import { getStaleFlags, reportFeaturesSeen } from './domain';

/** The stale-flag report and the browsers' reports of the features they decided. */
export const usageRoutes: Route[] = [
  route(contracts.getStaleFlags, async ({ actor }) => ({ flags: await getStaleFlags(usageDeps(), actor) })),
  // Nothing is created that the caller could address: 200, not 201.
  route(
    contracts.reportFeaturesSeen,
    async ({ actor, body }) => ({ recorded: await reportFeaturesSeen(usageDeps(), actor, body.features) }),
    { status: 200 },
  ),
];
