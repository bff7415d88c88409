import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * An import's background work to run (docs/product/migration-tools.md#import): written with the
 * state that asks for it (a mapping's `validating`, a dry run `running`, the job's `queued` on
 * start and resume, `undoing`) and again by the work itself to continue past its time budget;
 * migration-worker consumes it and runs, from its checkpoint, what the import's status says.
 */
export const migrationImportQueued = defineEvent({
  detailType: 'Migration.ImportQueued',
  version: 1,
  domain: 'migration',
  data: z.object({
    userId: z.string(),
    importId: z.string(),
    /**
     * The import's version the event was written with: a copy delivered again later (the
     * pipeline delivers at least once) finds a newer version and is ignored, so it never
     * starts a second run beside the one it already started. Absent on older events.
     */
    importVersion: z.optional(z.int()),
  }),
});

/** An export to build (docs/product/migration-tools.md#export); migration-export consumes it. */
export const migrationExportRequested = defineEvent({
  detailType: 'Migration.ExportRequested',
  version: 1,
  domain: 'migration',
  data: z.object({ userId: z.string(), exportId: z.string() }),
});

/**
 * An export's archive is ready (docs/product/migration-tools.md#export): the notifications
 * domain emails its owner the link to the migration-tools section, in the profile's language.
 */
export const migrationExportReady = defineEvent({
  detailType: 'Migration.ExportReady',
  version: 1,
  domain: 'migration',
  data: z.object({ userId: z.string(), exportId: z.string(), expiresAt: z.string() }),
});
