import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createFlagConfigRepository } from '../flags/repository';
import type { UserAccessDeps } from './ports';
import { createProfileDirectory } from './profile-directory';
import { createUserAccessRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const userAccessDeps = lazy((): UserAccessDeps => {
  const { client, table } = tableAccess();
  return {
    userAccess: createUserAccessRepository(client, table),
    config: createFlagConfigRepository(client, table),
    profiles: createProfileDirectory(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
