import { defineService } from '@sneakers/shared/runtime/service';
import { listsRoutes } from './routes';

export const listsService = defineService({
  name: 'lists',
  routes: listsRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
