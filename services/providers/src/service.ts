import { defineService } from '@sneakers/shared/runtime/service';
import { providersRoutes } from './routes';

export const providersService = defineService({
  name: 'providers',
  routes: providersRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
