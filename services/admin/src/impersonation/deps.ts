import { systemClock } from '@sneakers/shared/clock';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createUsersRepository } from '../users/repository';
import type { ImpersonationDeps } from './ports';
import { createImpersonationRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const impersonationDeps = lazy((): ImpersonationDeps => {
  const { client, table } = tableAccess();
  return {
    impersonations: createImpersonationRepository(client, table),
    users: createUsersRepository(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    // 16 random bytes, base64url: 128 bits nobody can guess.
    tokens: { next: () => secureToken(16) },
  };
});
