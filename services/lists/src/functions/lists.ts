import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { itemRoutes } from '../items/routes';
import { itemV1Routes } from '../items/v1-routes';
import { publicListRoutes } from '../public-lists/routes';

/** lists: the caller's items of every list, the store API's inventory, and the public lists with their filters. */
export const listsFunction = defineFunction({
  name: 'lists',
  routes: [...itemRoutes, ...itemV1Routes, ...publicListRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(listsFunction);
