import { systemClock } from '@sneakers/shared/clock';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { AdminDeps } from './domain/ports';
import { createAdminRepository } from './store/admin-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const adminDeps = lazy((): AdminDeps => {
  const env = runtimeEnv();
  return {
    repo: createAdminRepository(createDocumentClient(env), env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
    // 16 random bytes, base64url: 128 bits nobody can guess.
    tokens: { next: () => secureToken(16) },
  };
});
