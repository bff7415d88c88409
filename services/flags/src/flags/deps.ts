import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createUsageRepository } from '../usage/repository';
import { createUserAccessRepository } from '../user-access/repository';
import type { FlagsDeps } from './ports';
import { createFlagConfigRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const flagsDeps = lazy((): FlagsDeps => {
  const { client, table } = tableAccess();
  return {
    config: createFlagConfigRepository(client, table),
    userAccess: createUserAccessRepository(client, table),
    usage: createUsageRepository(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
