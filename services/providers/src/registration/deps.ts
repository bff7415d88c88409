import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { providersRepository } from '../providers/deps';
import type { RegistrationDeps } from './ports';
import { secureTokenGenerator } from './registration-token';
import { createRegistrationRepository } from './repository';

/** Built on first use; a registration writes its provider through the providers' repository. */
export const registrationDeps = lazy((): RegistrationDeps => {
  const { client, table } = tableAccess();
  return {
    repo: {
      ...createRegistrationRepository(client, table),
      createProvider: providersRepository().createProvider,
    },
    limiter: createRateLimiter(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    tokens: secureTokenGenerator,
  };
});
