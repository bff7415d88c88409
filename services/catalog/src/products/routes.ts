import {
  createProduct as createContract,
  deleteProduct as deleteContract,
  findByGtin as gtinContract,
  getProduct as getContract,
  listReleases as releasesContract,
  updateProduct as updateContract,
  upsertProducts as bulkContract,
} from '@sneakers/shared/contracts/catalog';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { productsDeps } from './deps';
import {
  bulkUpsertProducts,
  createProduct,
  deleteProduct,
  findByGtin,
  listReleases,
  readProduct,
  updateProduct,
} from './domain';

/**
 * The products' routes (the `catalog` function): product detail, upcoming releases and the
 * superusers' writes. CDK declares these routes and the local gateway serves them.
 */
export const productRoutes: Route[] = [
  route(getContract, ({ actor, params }) => readProduct(productsDeps(), actor, params.productId)),
  route(gtinContract, ({ actor, params }) => findByGtin(productsDeps(), actor, params.gtin)),
  route(releasesContract, async ({ actor, query }) => {
    const page = await listReleases(productsDeps(), actor, query);
    return { products: page.items, cursor: page.cursor };
  }),
  route(createContract, async ({ actor, body, setStatus }) => {
    const result = await createProduct(productsDeps(), actor, body);
    // 201 when the SKU was new, 200 when it updated the product that has it.
    if (!result.created) setStatus(200);
    return result;
  }),
  route(bulkContract, ({ actor, body }) => bulkUpsertProducts(productsDeps(), actor, body.products), {
    status: 200,
  }),
  route(updateContract, async ({ actor, params, body }) => ({
    product: await updateProduct(productsDeps(), actor, params.productId, body),
  })),
  route(deleteContract, async ({ actor, params }) => {
    await deleteProduct(productsDeps(), actor, params.productId);
    return { deleted: true as const };
  }),
];
