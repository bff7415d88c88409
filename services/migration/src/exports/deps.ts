import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createExportStorage } from './export-storage';
import type { ExportsDeps } from './ports';
import { createExportsRepository } from './repository';

/** Built on first use, so importing a function (CDK, tests) needs no environment. */
export const exportsDeps = lazy((): ExportsDeps => {
  const env = runtimeEnv();
  const { client, table } = tableAccess();
  return {
    repo: createExportsRepository(client, table),
    idempotency: createIdempotencyStore(client, table),
    storage: createExportStorage(env),
    portability: createPortabilityClient((service, payload) => invokeFunction(env, service, payload)),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
