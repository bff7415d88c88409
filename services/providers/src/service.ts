import { defineFunction } from '@sneakers/shared/runtime/function';
import { providersRoutes } from './routes';

export const providersService = defineFunction({
  name: 'providers',
  routes: providersRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
