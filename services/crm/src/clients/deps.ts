import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { ClientsDeps } from './ports';
import { createClientsRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const clientsDeps = lazy((): ClientsDeps => {
  const { client, table } = tableAccess();
  return { repo: createClientsRepository(client, table), clock: systemClock, ids: ulidGenerator };
});
