import { accountDeleted, migrationExportRequested } from '@sneakers/events';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { exportsDeps } from './deps';
import { buildExport, eraseExports } from './domain';

/** The ids name the rules and dead-letter queues, so they stay stable. */
export const exportsConsumers: Consumer[] = [
  consumer('build-export', migrationExportRequested, (detail) => buildExport(exportsDeps(), detail.data)),
  consumer('erase-exports', accountDeleted, async (detail) => {
    await eraseExports(exportsDeps(), detail.data.userId);
  }),
];
