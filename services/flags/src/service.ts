import { defineService } from '@sneakers/shared/runtime/service';
import { flagsRoutes } from './routes';

/** Feature flags, grants, overrides and access rules; `Flags.Changed` goes out through the outbox. */
export const flagsService = defineService({
  name: 'flags',
  routes: flagsRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
