import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { MappingsRepository } from './ports';
import { createMappingsRepository } from './repository';

/** Built on first use, so importing a function (CDK, tests) needs no environment. */
export const mappingDeps = lazy((): { mappings: MappingsRepository } => {
  const { client, table } = tableAccess();
  return { mappings: createMappingsRepository(client, table) };
});
