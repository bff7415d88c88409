import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { OrdersDeps } from './ports';
import { createOrdersRepository } from './repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const ordersDeps = lazy((): OrdersDeps => {
  const env = runtimeEnv();
  const client = createDocumentClient(env);
  return {
    repo: createOrdersRepository(client, env.TABLE_NAME),
    idempotency: createIdempotencyStore(client, env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
    shareIds: { next: () => secureToken(16) },
  };
});
