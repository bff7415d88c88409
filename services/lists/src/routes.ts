import {
  createItem as createItemContract,
  deleteItem as deleteItemContract,
  getMyItem as getMyItemContract,
  getPublicList as getPublicListContract,
  getPublicListFacets as getPublicListFacetsContract,
  listMyItems as listMyItemsContract,
  updateItem as updateItemContract,
} from '@sneakers/shared/contracts/lists';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { itemDeps, publicListDeps } from './deps';
import { createItem, deleteItem, getMyItem, listMyItems, updateItem } from './domain/items';
import { getPublicList, getPublicListFacets } from './domain/public-list';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const listsRoutes: Route[] = [
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
  route(getPublicListContract, async ({ params, query }) => getPublicList(publicListDeps(), params, query)),
  route(getPublicListFacetsContract, async ({ params }) => getPublicListFacets(publicListDeps(), params)),
];
