import {
  createExport as createExportContract,
  downloadExport as downloadExportContract,
  getDataSummary as getDataSummaryContract,
  listExports as listExportsContract,
} from '@sneakers/shared/contracts/migration';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { exportsDeps } from './deps';
import { createExport, downloadExport, getDataSummary, listExports } from './domain';

/** Exports of all of the caller's data, and the summary of what they own. */
export const exportsRoutes: Route[] = [
  route(createExportContract, async ({ actor, headers, setStatus }) => {
    const { export: created, created: isNew } = await createExport(exportsDeps(), actor, headers);
    // 201 when this call started it, 200 when a retry with the same key replays it.
    if (!isNew) setStatus(200);
    return { export: created };
  }),
  route(listExportsContract, async ({ actor }) => ({ exports: await listExports(exportsDeps(), actor) })),
  route(downloadExportContract, async ({ actor, params }) =>
    downloadExport(exportsDeps(), actor, params.exportId),
  ),
  route(getDataSummaryContract, async ({ actor }) => ({
    counts: await getDataSummary(exportsDeps(), actor),
  })),
];
