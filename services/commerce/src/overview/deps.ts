import { systemClock } from '@sneakers/shared/clock';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { OverviewDeps } from './overview';
import { createOverviewReader } from './repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const overviewDeps = lazy((): OverviewDeps => {
  const env = runtimeEnv();
  return { reader: createOverviewReader(createDocumentClient(env), env.TABLE_NAME), clock: systemClock };
});
