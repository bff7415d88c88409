import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/service';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { OffersDeps } from './domain/offers';
import { createOffersRepository } from './store/offers-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const offersDeps = lazy((): OffersDeps => {
  const env = runtimeEnv();
  return {
    repo: createOffersRepository(createDocumentClient(env), env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
