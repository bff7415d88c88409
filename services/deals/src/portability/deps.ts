import { lazy } from '@sneakers/shared/runtime/function';
import type { AccountRowsEraser } from '@sneakers/shared/portability/owner';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { matchingDeps } from '../matching/deps';
import { dealsEraser } from './domain';
import { createDealsEraseRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const dealsEraseDeps = lazy(() => {
  const { client, table } = tableAccess();
  const matching = matchingDeps();
  const eraser: AccountRowsEraser = dealsEraser({
    ...matching,
    erase: createDealsEraseRepository(client, table),
  });
  return { clock: matching.clock, eraser };
});
