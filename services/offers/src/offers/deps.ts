import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { OffersDeps } from './ports';
import { createOffersRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const offersDeps = lazy((): OffersDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createOffersRepository(client, table),
    idempotency: createIdempotencyStore(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
