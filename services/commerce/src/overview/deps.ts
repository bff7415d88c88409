import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { OverviewDeps } from './ports';
import { createOverviewReader } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const overviewDeps = lazy((): OverviewDeps => {
  const { client, table } = tableAccess();
  return { reader: createOverviewReader(client, table), clock: systemClock };
});
