import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { marketInputsSource } from '../market/deps';
import { createRunsRepository } from '../runs/repository';
import { createStrategiesRepository } from '../strategies/repository';
import type { AutoDeps } from './ports';

/** Built on first use, so importing a function (CDK, tests) needs no environment. */
export const autoDeps = lazy((): AutoDeps => {
  const { client, table } = tableAccess();
  const { logger } = powertoolsFor('pricing-auto');
  return {
    strategies: createStrategiesRepository(client, table),
    runs: createRunsRepository(client, table),
    market: marketInputsSource(),
    clock: systemClock,
    ids: ulidGenerator,
    log: (message, details) => logger.warn(message, details),
  };
});
