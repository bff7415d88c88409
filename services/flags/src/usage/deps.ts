import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createFlagConfigRepository } from '../flags/repository';
import type { UsageDeps } from './ports';
import { createUsageRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const usageDeps = lazy((): UsageDeps => {
  const { client, table } = tableAccess();
  return {
    usage: createUsageRepository(client, table),
    config: createFlagConfigRepository(client, table),
    clock: systemClock,
  };
});
