import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { CommercePortabilityDeps } from './ports';
import { createCommercePortabilityRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const commercePortabilityDeps = lazy((): CommercePortabilityDeps => {
  const { client, table } = tableAccess();
  return { repo: createCommercePortabilityRepository(client, table), clock: systemClock, ids: ulidGenerator };
});
