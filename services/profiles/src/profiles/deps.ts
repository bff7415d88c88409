import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { ProfileDeps } from './ports';
import { createProfileRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const profileDeps = lazy((): ProfileDeps => {
  const { client, table } = tableAccess();
  return { profiles: createProfileRepository(client, table), clock: systemClock };
});
