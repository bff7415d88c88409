import { defineService } from '@sneakers/shared/runtime/service';
import { offersRoutes } from './routes';

export const offersService = defineService({
  name: 'offers',
  routes: offersRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
