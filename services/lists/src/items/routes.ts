import {
  createItem as createItemContract,
  deleteItem as deleteItemContract,
  getMyItem as getMyItemContract,
  listMyItems as listMyItemsContract,
  updateItem as updateItemContract,
} from '@sneakers/shared/contracts/lists';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { itemDeps } from './deps';
import { createItem, deleteItem, getMyItem, listMyItems, updateItem } from './domain';

/** The caller's own items: CDK declares these routes and the local gateway serves them. */
export const itemRoutes: Route[] = [
  route(listMyItemsContract, async ({ actor, query }) => listMyItems(itemDeps(), actor, query)),
  route(createItemContract, async ({ actor, body, setStatus }) => {
    const result = await createItem(itemDeps(), actor, body);
    if (!result.created) setStatus(200);
    return result;
  }),
  route(getMyItemContract, async ({ actor, params }) => ({
    item: await getMyItem(itemDeps(), actor, params.itemId),
  })),
  route(updateItemContract, async ({ actor, params, body }) => ({
    item: await updateItem(itemDeps(), actor, params.itemId, body),
  })),
  route(deleteItemContract, async ({ actor, params }) => {
    await deleteItem(itemDeps(), actor, params.itemId);
    return { deleted: true as const };
  }),
];
