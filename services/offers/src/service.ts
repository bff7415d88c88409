import { defineFunction } from '@sneakers/shared/runtime/function';
import { offersRoutes } from './routes';

export const offersService = defineFunction({
  name: 'offers',
  routes: offersRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
