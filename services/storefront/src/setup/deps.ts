import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { SetupDeps } from './ports';
import { createSetupRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const setupDeps = lazy((): SetupDeps => {
  const { client, table } = tableAccess();
  return { repo: createSetupRepository(client, table), clock: systemClock };
});
