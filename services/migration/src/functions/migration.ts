import { PORTABILITY_SERVICES } from '@sneakers/shared/contracts/portability';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { exportsRoutes } from '../exports/routes';
import { importRoutes } from '../imports/routes';
import { mappingRoutes } from '../mappings/routes';

/** migration: the API of the owner's imports, saved mappings and exports (docs/product/migration-tools.md). */
export const migrationFunction = defineFunction({
  name: 'migration',
  routes: [...importRoutes, ...mappingRoutes, ...exportsRoutes],
  consumers: [],
  access: { table: 'readWrite', uploads: true, migrationFiles: true, invokes: [...PORTABILITY_SERVICES] },
});

export const handler = createLambdaHandler(migrationFunction);
