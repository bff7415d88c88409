import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { CrmDeps } from './domain/ports';
import { createCrmRepository } from './store/crm-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const crmDeps = lazy((): CrmDeps => {
  const env = runtimeEnv();
  const client = createDocumentClient(env);
  return {
    repo: createCrmRepository(client, env.TABLE_NAME),
    idempotency: createIdempotencyStore(client, env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
    // 128 random bits, base64url: the share link is the only key to the public page.
    shareIds: { next: () => secureToken(16) },
  };
});
