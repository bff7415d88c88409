import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createMemoryRateLimiter } from '@sneakers/shared/rate-limit/memory';
import { lazy } from '@sneakers/shared/runtime/function';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { ProjectionDeps, PublicDeps } from './ports';
import { createProjectionRepository, createStorefrontReader } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const projectionDeps = lazy((): ProjectionDeps => {
  const { client, table } = tableAccess();
  const { logger } = powertoolsFor('storefront-catalog');
  return {
    repo: createProjectionRepository(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    onError: (error, storeUserId) =>
      logger.error('storefront projection: store not updated', { storeUserId, error: String(error) }),
  };
});

/** Public reads are limited in the container's memory: no table write per page view. */
export const publicDeps = lazy((): PublicDeps => {
  const { client, table } = tableAccess();
  return {
    reader: createStorefrontReader(client, table),
    limiter: createMemoryRateLimiter(),
    clock: systemClock,
  };
});
