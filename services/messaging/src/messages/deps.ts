import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { MessagesDeps } from './ports';
import { createMessagesRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const messagesDeps = lazy((): MessagesDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createMessagesRepository(client, table),
    limiter: createRateLimiter(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
