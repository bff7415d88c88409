import { PORTABILITY_SERVICES } from '@sneakers/shared/contracts/portability';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { exportsConsumers } from '../exports/consumers';

/**
 * migration-export: builds export archives (docs/product/migration-tools.md#export), apart from
 * the API so a long build never holds its concurrency. Lambda's longest timeout: an account
 * of tens of thousands of records pages every owner's `export` twice and copies its images.
 */
export const migrationExportFunction = defineFunction({
  name: 'migration-export',
  timeoutSeconds: 900,
  routes: [],
  consumers: exportsConsumers,
  access: { table: 'readWrite', uploads: true, migrationFiles: true, invokes: [...PORTABILITY_SERVICES] },
});

export const handler = createLambdaHandler(migrationExportFunction);
