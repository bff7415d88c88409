import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { StrategiesDeps } from './ports';
import { createStrategiesRepository } from './repository';

/** Built on first use, so importing a function (CDK, tests) needs no environment. */
export const strategiesDeps = lazy((): StrategiesDeps => {
  const { client, table } = tableAccess();
  return {
    strategies: createStrategiesRepository(client, table),
    idempotency: createIdempotencyStore(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
