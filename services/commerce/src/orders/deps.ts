import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { OrdersDeps } from './ports';
import { createOrdersRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const ordersDeps = lazy((): OrdersDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createOrdersRepository(client, table),
    idempotency: createIdempotencyStore(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    shareIds: { next: () => secureToken(16) },
  };
});
