import { defineService } from '@sneakers/shared/runtime/service';
import { settingsRoutes } from './routes';

export const settingsService = defineService({
  name: 'settings',
  routes: settingsRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
