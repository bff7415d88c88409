import { systemClock } from '@sneakers/shared/clock';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createDemoIdentity } from './demo-identity';
import type { DemoSessionDeps } from './ports';

/** The demo identity in the user pool and the per-address limiter, on first use. */
export const demoSessionDeps = lazy((): DemoSessionDeps => {
  const { client, table } = tableAccess();
  return {
    identity: createDemoIdentity(runtimeEnv()),
    limiter: createRateLimiter(client, table),
    clock: systemClock,
  };
});
