import { createImport, listImports, stepImport } from '@sneakers/shared/contracts/catalog-tools';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { importDeps } from './deps';
import { createImportJob, listImportJobs, stepImportJob } from './domain';

/** Data population (catalog-ingest): superusers only (the contracts say so too; the use cases check again). */
export const importRoutes: Route[] = [
  route(createImport, async ({ actor, body }) => ({
    job: await createImportJob(importDeps(), actor, body),
  })),
  route(
    stepImport,
    async ({ actor, params }) => ({
      job: await stepImportJob(importDeps(), actor, params.importId),
    }),
    { status: 200 },
  ),
  route(listImports, async ({ actor, query }) => {
    const page = await listImportJobs(importDeps(), actor, query);
    return { jobs: page.items, cursor: page.cursor };
  }),
];
