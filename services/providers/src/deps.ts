import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { ProvidersDeps } from './domain/ports';
import { secureTokenGenerator } from './domain/registration-token';
import { createProvidersRepository } from './store/providers-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const providersDeps = lazy((): ProvidersDeps => {
  const env = runtimeEnv();
  const client = createDocumentClient(env);
  return {
    repo: createProvidersRepository(client, env.TABLE_NAME),
    idempotency: createIdempotencyStore(client, env.TABLE_NAME),
    limiter: createRateLimiter(client, env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
    tokens: secureTokenGenerator,
  };
});
