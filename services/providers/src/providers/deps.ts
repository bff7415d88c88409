import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { ProvidersDeps } from './ports';
import { createProvidersRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const providersRepository = lazy(() => {
  const { client, table } = tableAccess();
  return createProvidersRepository(client, table);
});

export const providersDeps = lazy((): ProvidersDeps => ({
  repo: providersRepository(),
  clock: systemClock,
  ids: ulidGenerator,
}));
