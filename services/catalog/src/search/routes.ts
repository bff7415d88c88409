import {
  catalogFacets as facetsContract,
  searchProducts as searchContract,
} from '@sneakers/shared/contracts/catalog';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { searchDeps } from './deps';
import { catalogFacets, searchProducts } from './domain';

/** The search routes (catalog-search): both answer from the in-memory index. */
export const searchRoutes: Route[] = [
  route(searchContract, ({ actor, query }) => searchProducts(searchDeps(), actor, query)),
  route(facetsContract, ({ actor }) => catalogFacets(searchDeps(), actor)),
];
