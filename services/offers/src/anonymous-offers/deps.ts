import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { AnonymousOffersDeps } from './ports';
import { createAnonymousOffersRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const anonymousOffersDeps = lazy((): AnonymousOffersDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createAnonymousOffersRepository(client, table),
    idempotency: createIdempotencyStore(client, table),
    limiter: createRateLimiter(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    tokens: { next: () => secureToken(16) },
  };
});
