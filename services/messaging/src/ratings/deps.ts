import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { RatingsDeps } from './ports';
import { createRatingsRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const ratingsDeps = lazy((): RatingsDeps => {
  const { client, table } = tableAccess();
  return { repo: createRatingsRepository(client, table), clock: systemClock };
});
