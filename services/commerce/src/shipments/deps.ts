import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { ShipmentDeps } from './domain';
import { createShipmentRepository } from './repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const shipmentDeps = lazy((): ShipmentDeps => {
  const env = runtimeEnv();
  const client = createDocumentClient(env);
  return {
    repo: createShipmentRepository(client, env.TABLE_NAME),
    idempotency: createIdempotencyStore(client, env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
