import { migrationImportQueued } from '@sneakers/events/migration';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { consumer, type Consumer, type Schedule } from '@sneakers/shared/runtime/function';
import { importDeps } from '../imports/deps';
import { HEARTBEAT_STALE_MS, requeueStaleJobs, runImportJob } from './domain';

/**
 * An import's background work (a mapping's validation, a dry run, the job, its undo), run from
 * its checkpoint each time it is queued (map, dry run, start, resume, undo, its own re-queue).
 */
export const jobConsumers: Consumer[] = [
  consumer('migration-import-queued', migrationImportQueued, async (detail) => {
    await runImportJob(importDeps(), detail.data.userId, detail.data.importId, {
      heartbeatStaleMs: runtimeEnv().MIGRATION_HEARTBEAT_STALE_MS ?? HEARTBEAT_STALE_MS,
      queuedVersion: detail.data.importVersion,
    });
  }),
];

/**
 * Every minute, jobs whose worker stopped beating (a crash) are queued again; the test cloud
 * shortens the staleness with MIGRATION_HEARTBEAT_STALE_MS. MIGRATION_STALE_SCHEDULE (read when CDK synthesises, and by the local runner) overrides the rate.
 */
export const jobSchedules: Schedule[] = [
  {
    id: 'migration-stale-imports',
    expression: process.env.MIGRATION_STALE_SCHEDULE ?? 'rate(1 minute)',
    async handle() {
      await requeueStaleJobs(importDeps(), runtimeEnv().MIGRATION_HEARTBEAT_STALE_MS ?? HEARTBEAT_STALE_MS);
    },
  },
];
