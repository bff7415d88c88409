import {
  createDataImport,
  dryRunDataImport,
  fixDataImportRow,
  getDataImport,
  getDataImportErrorReport,
  listDataImportRows,
  listDataImports,
  mapDataImport,
  pauseDataImport,
  readDataImportFile,
  resumeDataImport,
  startDataImport,
  undoDataImport,
} from '@sneakers/shared/contracts/migration';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { importDeps } from './deps';
import {
  createImport,
  dryRunImport,
  fixImportRow,
  getImport,
  importErrorReport,
  listImportRows,
  listImports,
  mapImport,
  pauseImport,
  readImportFile,
  resumeImport,
  startImport,
  undoImport,
} from './domain';

/** The import routes (docs/product/migration-tools.md#import). State changes of an existing import answer 200. */
export const importRoutes: Route[] = [
  route(createDataImport, async ({ actor, body }) => createImport(importDeps(), actor, body)),
  route(listDataImports, async ({ actor, query }) => {
    const page = await listImports(importDeps(), actor, query);
    return { imports: page.items, cursor: page.cursor };
  }),
  route(getDataImport, async ({ actor, params }) => ({
    import: await getImport(importDeps(), actor, params.importId),
  })),
  route(
    readDataImportFile,
    async ({ actor, params, body }) =>
      readImportFile(importDeps(), actor, params.importId, body.sheet ?? null),
    { status: 200 },
  ),
  route(mapDataImport, async ({ actor, params, body }) => ({
    import: await mapImport(importDeps(), actor, params.importId, body),
  })),
  route(listDataImportRows, async ({ actor, params, query }) => {
    const page = await listImportRows(importDeps(), actor, params.importId, query);
    return { rows: page.items, cursor: page.cursor };
  }),
  route(fixDataImportRow, async ({ actor, params, body }) =>
    fixImportRow(importDeps(), actor, params.importId, params.row, body),
  ),
  route(
    dryRunDataImport,
    async ({ actor, params }) => ({ import: await dryRunImport(importDeps(), actor, params.importId) }),
    { status: 200 },
  ),
  route(
    startDataImport,
    async ({ actor, headers, params }) => ({
      import: await startImport(importDeps(), actor, headers, params.importId),
    }),
    { status: 200 },
  ),
  route(
    pauseDataImport,
    async ({ actor, params }) => ({ import: await pauseImport(importDeps(), actor, params.importId) }),
    { status: 200 },
  ),
  route(
    resumeDataImport,
    async ({ actor, params }) => ({ import: await resumeImport(importDeps(), actor, params.importId) }),
    { status: 200 },
  ),
  route(
    undoDataImport,
    async ({ actor, params }) => ({ import: await undoImport(importDeps(), actor, params.importId) }),
    { status: 200 },
  ),
  route(getDataImportErrorReport, async ({ actor, params }) => ({
    url: await importErrorReport(importDeps(), actor, params.importId),
  })),
];
