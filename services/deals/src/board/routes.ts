import {
  dealsBadge as dealsBadgeContract,
  listDeals as listDealsContract,
  markDealsSeen as markDealsSeenContract,
} from '@sneakers/shared/contracts/deals';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { boardDeps } from './deps';
import { dealsBadge, listDeals, markDealsSeen } from './domain';

/** The board's routes: CDK declares them and the local gateway serves them. */
export const boardRoutes: Route[] = [
  route(listDealsContract, ({ actor, query }) => listDeals(boardDeps(), actor, query)),
  route(dealsBadgeContract, ({ actor }) => dealsBadge(boardDeps(), actor)),
  route(markDealsSeenContract, ({ actor }) => markDealsSeen(boardDeps(), actor)),
];
