import { defineFunction } from '@sneakers/shared/runtime/function';
import { flagsRoutes } from './routes';

/** Feature flags, grants, overrides and access rules; `Flags.Changed` goes out through the outbox. */
export const flagsService = defineFunction({
  name: 'flags',
  routes: flagsRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
