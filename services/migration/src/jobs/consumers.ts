import { migrationImportQueued } from '@sneakers/events/migration';
import { consumer, type Consumer, type Schedule } from '@sneakers/shared/runtime/function';
import { importDeps } from '../imports/deps';
import { requeueStaleJobs, runImportJob } from './domain';

/**
 * An import's background work (a mapping's validation, a dry run, the job, its undo), run from
 * its checkpoint each time it is queued (map, dry run, start, resume, undo, its own re-queue).
 */
export const jobConsumers: Consumer[] = [
  consumer('migration-import-queued', migrationImportQueued, async (detail) => {
    await runImportJob(importDeps(), detail.data.userId, detail.data.importId, {
      queuedVersion: detail.data.importVersion,
    });
  }),
];

/**
 * Every minute, jobs whose worker stopped beating (a crash) are queued again.
 * MIGRATION_STALE_SCHEDULE (read when CDK synthesises, and by the local runner) overrides the rate.
 */
export const jobSchedules: Schedule[] = [
  {
    id: 'migration-stale-imports',
    expression: process.env.MIGRATION_STALE_SCHEDULE ?? 'rate(1 minute)',
    async handle() {
      await requeueStaleJobs(importDeps());
    },
  },
];
