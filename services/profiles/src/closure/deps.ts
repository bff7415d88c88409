import { DAY_MS, systemClock } from '@sneakers/shared/clock';
import { ACCOUNT_CLOSURE_GRACE_DAYS } from '@sneakers/shared/contracts/profiles';
import { createEraseClient } from '@sneakers/shared/portability/client';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createClosureDirectory } from './closure-directory';
import type { ClosureDeps } from './ports';
import { createClosureRepository } from './repository';
import { createUploadsEraser } from './uploads-eraser';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const closureDeps = lazy((): ClosureDeps => {
  const env = runtimeEnv();
  const { client, table } = tableAccess();
  return {
    repo: createClosureRepository(client, table),
    directory: createClosureDirectory(env),
    uploads: createUploadsEraser(env),
    portability: createEraseClient((service, payload) => invokeFunction(env, service, payload)),
    clock: systemClock,
    graceMs: env.ACCOUNT_CLOSURE_GRACE_MS ?? ACCOUNT_CLOSURE_GRACE_DAYS * DAY_MS,
  };
});
