import {
  getPublicList as getPublicListContract,
  getPublicListFacets as getPublicListFacetsContract,
} from '@sneakers/shared/contracts/lists';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { publicListDeps } from './deps';
import { getPublicList, getPublicListFacets } from './domain';

/** The public lists anyone may read: CDK declares these routes and the local gateway serves them. */
export const publicListRoutes: Route[] = [
  route(getPublicListContract, async ({ params, query }) => getPublicList(publicListDeps(), params, query)),
  route(getPublicListFacetsContract, async ({ params }) => getPublicListFacets(publicListDeps(), params)),
];
