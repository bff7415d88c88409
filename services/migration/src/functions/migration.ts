import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';

/** migration: the API of the owner's imports, saved mappings and exports (docs/product/migration-tools.md). */
export const migrationFunction = defineFunction({
  name: 'migration',
  routes: [],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(migrationFunction);
