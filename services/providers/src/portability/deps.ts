import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { ProvidersPortabilityDeps } from './ports';
import { createProvidersPortabilityRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const providersPortabilityDeps = lazy((): ProvidersPortabilityDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createProvidersPortabilityRepository(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
