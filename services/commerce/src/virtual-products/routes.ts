import {
  createVirtualProduct as createContract,
  deleteVirtualProduct as deleteContract,
  getVirtualProduct as getContract,
  listVirtualProducts as listContract,
  updateVirtualProduct as updateContract,
} from '@sneakers/shared/contracts/virtual-products';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { virtualProductsDeps } from './deps';
import {
  createVirtualProduct,
  deleteVirtualProduct,
  getVirtualProduct,
  listVirtualProducts,
  updateVirtualProduct,
} from './domain';

export const virtualProductRoutes: Route[] = [
  route(listContract, async ({ actor, query }) => {
    const page = await listVirtualProducts(virtualProductsDeps(), actor, query);
    return { virtualProducts: page.items, cursor: page.cursor };
  }),
  route(createContract, async ({ actor, headers, body, setStatus }) => {
    const { virtualProduct, created } = await createVirtualProduct(
      virtualProductsDeps(),
      actor,
      headers,
      body,
    );
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { virtualProduct };
  }),
  route(getContract, async ({ actor, params }) => ({
    virtualProduct: await getVirtualProduct(virtualProductsDeps(), actor, params.virtualProductId),
  })),
  route(updateContract, async ({ actor, params, body }) => ({
    virtualProduct: await updateVirtualProduct(virtualProductsDeps(), actor, params.virtualProductId, body),
  })),
  route(deleteContract, async ({ actor, params }) => {
    await deleteVirtualProduct(virtualProductsDeps(), actor, params.virtualProductId);
    return { deleted: true as const };
  }),
];
