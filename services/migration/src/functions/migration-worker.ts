import { PORTABILITY_SERVICES } from '@sneakers/shared/contracts/portability';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { importsConsumers } from '../imports/consumers';
import { jobConsumers, jobSchedules } from '../jobs/consumers';

/**
 * migration-worker: the import jobs (docs/product/migration-tools.md#the-import-job), apart from
 * the API so a 100,000-row import never competes with requests. Lambda's longest timeout: a run
 * stops before JOB_BUDGET_MS (10 minutes) and re-queues itself from its checkpoint. It also
 * erases a deleted account's imports (`Account.Deleted`).
 */
export const migrationWorkerFunction = defineFunction({
  name: 'migration-worker',
  timeoutSeconds: 900,
  routes: [],
  consumers: [...jobConsumers, ...importsConsumers],
  schedules: jobSchedules,
  access: { table: 'readWrite', uploads: true, migrationFiles: true, invokes: [...PORTABILITY_SERVICES] },
});

export const handler = createLambdaHandler(migrationWorkerFunction);
