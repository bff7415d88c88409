import {
  createOrder as createOrderContract,
  fulfilOrder as fulfilOrderContract,
  getOrder as getOrderContract,
  getSharedOrder as getSharedOrderContract,
  listOrders as listOrdersContract,
  updateOrder as updateOrderContract,
} from '@sneakers/shared/contracts/orders';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { ordersDeps } from './deps';
import { createOrder, fulfilOrder, getOrder, getSharedOrder, listOrders, updateOrder } from './domain';

/** Sale orders, the orders either side reads, and the shareable page. */
export const orderRoutes: Route[] = [
  route(listOrdersContract, async ({ actor, query }) => {
    const page = await listOrders(ordersDeps(), actor, query);
    return { orders: page.items, cursor: page.cursor };
  }),
  route(createOrderContract, async ({ actor, headers, body, setStatus }) => {
    const { order, created } = await createOrder(ordersDeps(), actor, headers, body);
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { order };
  }),
  route(getOrderContract, async ({ actor, params }) => ({
    order: await getOrder(ordersDeps(), actor, params.orderId),
  })),
  route(updateOrderContract, async ({ actor, params, body }) => ({
    order: await updateOrder(ordersDeps(), actor, params.orderId, body),
  })),
  route(fulfilOrderContract, async ({ actor, params }) => fulfilOrder(ordersDeps(), actor, params.orderId)),
  route(getSharedOrderContract, async ({ params }) => ({
    order: await getSharedOrder(ordersDeps(), params.shareId),
  })),
];
