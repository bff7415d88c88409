import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { TalliesDeps } from './ports';
import { createTalliesRepository } from './repository';

/** Built on first use, so importing a function (CDK, tests) needs no environment. */
export const talliesDeps = lazy((): TalliesDeps => {
  const { client, table } = tableAccess();
  return { repo: createTalliesRepository(client, table), clock: systemClock };
});
