import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { importFiles } from '../files/deps';
import { createMappingsRepository } from '../mappings/repository';
import { createCatalogMatcher } from './catalog-matcher';
import type { ImportDeps } from './ports';
import { createImportsRepository } from './repository';

/**
 * Imports' deps: the table, the uploads bucket and the owners' `<domain>-portability`
 * functions (a function using them declares `invokes: [...PORTABILITY_SERVICES]` and
 * `uploads: true`). Built on first use, so importing a function (CDK, tests) needs no environment.
 */
export const importDeps = lazy((): ImportDeps => {
  const { client, table } = tableAccess();
  const env = runtimeEnv();
  return {
    imports: createImportsRepository(client, table),
    mappings: createMappingsRepository(client, table),
    files: importFiles(),
    catalog: createCatalogMatcher(client, table),
    portability: createPortabilityClient((service, payload) => invokeFunction(env, service, payload)),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
