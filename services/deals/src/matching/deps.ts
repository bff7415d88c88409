import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { MatchingDeps } from './ports';
import { createMatchingRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const matchingDeps = lazy((): MatchingDeps => {
  const { client, table } = tableAccess();
  const { logger } = powertoolsFor('deals-matcher');
  return {
    repo: createMatchingRepository(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    onError: (error) => logger.error('deals matcher: batch not applied', { error: String(error) }),
  };
});
