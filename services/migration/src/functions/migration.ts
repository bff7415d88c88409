import { PORTABILITY_SERVICES } from '@sneakers/shared/contracts/portability';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { exportsRoutes } from '../exports/routes';

/** migration: the API of the owner's imports, saved mappings and exports (docs/product/migration-tools.md). */
export const migrationFunction = defineFunction({
  name: 'migration',
  routes: [...exportsRoutes],
  consumers: [],
  // The summary counts each owner's records (`keys`); downloads are presigned GETs.
  access: { table: 'readWrite', uploads: true, invokes: [...PORTABILITY_SERVICES] },
});

export const handler = createLambdaHandler(migrationFunction);
