import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { BoardDeps } from './ports';
import { createBoardRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const boardDeps = lazy((): BoardDeps => {
  const { client, table } = tableAccess();
  return { repo: createBoardRepository(client, table), clock: systemClock };
});
