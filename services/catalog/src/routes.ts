import {
  createProduct as createContract,
  deleteProduct as deleteContract,
  getProduct as getContract,
  listReleases as releasesContract,
  updateProduct as updateContract,
  upsertProducts as bulkContract,
} from '@sneakers/shared/contracts/catalog';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { catalogDeps } from './deps';
import {
  bulkUpsertProducts,
  createProduct,
  deleteProduct,
  listReleases,
  readProduct,
  updateProduct,
} from './domain/products';

/**
 * The `catalog` function's routes: product detail, releases and the superusers' writes.
 * Search (search-routes.ts) and the marketplace and scraper (ingest-routes.ts) are other
 * functions' (docs/adr/0012). CDK declares these routes and the local gateway serves them.
 */
export const catalogRoutes: Route[] = [
  route(getContract, ({ actor, params }) => readProduct(catalogDeps(), actor, params.productId)),
  route(releasesContract, async ({ actor, query }) => {
    const page = await listReleases(catalogDeps(), actor, query);
    return { products: page.items, cursor: page.cursor };
  }),
  route(createContract, async ({ actor, body, setStatus }) => {
    const result = await createProduct(catalogDeps(), actor, body);
    // 201 when the SKU was new, 200 when it updated the product that has it.
    if (!result.created) setStatus(200);
    return result;
  }),
  route(bulkContract, ({ actor, body }) => bulkUpsertProducts(catalogDeps(), actor, body.products), {
    status: 200,
  }),
  route(updateContract, async ({ actor, params, body }) => ({
    product: await updateProduct(catalogDeps(), actor, params.productId, body),
  })),
  route(deleteContract, async ({ actor, params }) => {
    await deleteProduct(catalogDeps(), actor, params.productId);
    return { deleted: true as const };
  }),
];
