import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { OffersDeps } from './domain/offers';
import { createOffersRepository } from './store/offers-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const offersDeps = lazy((): OffersDeps => {
  const env = runtimeEnv();
  const client = createDocumentClient(env);
  return {
    repo: createOffersRepository(client, env.TABLE_NAME),
    idempotency: createIdempotencyStore(client, env.TABLE_NAME),
    limiter: createRateLimiter(client, env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
    tokens: { next: () => secureToken(16) },
  };
});
