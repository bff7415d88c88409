import { getPricingTally as getTallyContract } from '@sneakers/shared/contracts/pricing';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { talliesDeps } from './deps';
import { getTally } from './domain';

export const talliesRoutes: Route[] = [
  route(getTallyContract, async ({ actor }) => ({ tally: await getTally(talliesDeps(), actor) })),
];
