import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/service';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { ProvidersDeps } from './domain/providers';
import { secureTokenGenerator } from './domain/registration-token';
import { createProvidersRepository } from './store/providers-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const providersDeps = lazy((): ProvidersDeps => {
  const env = runtimeEnv();
  return {
    repo: createProvidersRepository(createDocumentClient(env), env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
    tokens: secureTokenGenerator,
  };
});
