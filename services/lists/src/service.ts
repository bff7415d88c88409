import { defineFunction } from '@sneakers/shared/runtime/function';
import { listsRoutes } from './routes';

export const listsService = defineFunction({
  name: 'lists',
  routes: listsRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
