import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';

/** migration-events: the domain's background work, apart from the API. */
export const migrationEventsFunction = defineFunction({
  name: 'migration-events',
  routes: [],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(migrationEventsFunction);
