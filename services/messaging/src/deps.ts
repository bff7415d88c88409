import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { MessagingDeps } from './domain/ports';
import { createMessagingRepository } from './store/messaging-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const messagingDeps = lazy((): MessagingDeps => {
  const env = runtimeEnv();
  const client = createDocumentClient(env);
  return {
    repo: createMessagingRepository(client, env.TABLE_NAME),
    limiter: createRateLimiter(client, env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
