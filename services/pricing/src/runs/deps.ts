import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { marketInputsSource } from '../market/deps';
import { createStrategiesRepository } from '../strategies/repository';
import type { RunsDeps } from './ports';
import { createRunsRepository } from './repository';

/** Built on first use, so importing a function (CDK, tests) needs no environment. */
export const runsDeps = lazy((): RunsDeps => {
  const { client, table } = tableAccess();
  return {
    runs: createRunsRepository(client, table),
    strategies: createStrategiesRepository(client, table),
    market: marketInputsSource(),
    idempotency: createIdempotencyStore(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
