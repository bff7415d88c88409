import { getOverview } from '@sneakers/shared/contracts/overview';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { overviewDeps } from './deps';
import { getStoreOverview } from './domain';

export const overviewRoutes: Route[] = [
  route(getOverview, async ({ actor, query }) => ({
    overview: await getStoreOverview(overviewDeps(), actor, query),
  })),
];
