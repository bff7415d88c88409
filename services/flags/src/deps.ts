import { systemClock } from '@sneakers/shared/clock';
import { createFeatureAccessLoader } from '@sneakers/shared/feature-access/loader';
import { ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { FlagsDeps } from './domain/ports';
import { createFlagConfigRepository } from './store/flag-config-repository';
import { createProfileDirectory } from './store/profile-directory';
import { createUsageRepository } from './store/usage-repository';
import { createUserAccessRepository } from './store/user-access-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const flagsDeps = lazy((): FlagsDeps => {
  const env = runtimeEnv();
  const client = createDocumentClient(env);
  return {
    config: createFlagConfigRepository(client, env.TABLE_NAME),
    userAccess: createUserAccessRepository(client, env.TABLE_NAME),
    usage: createUsageRepository(client, env.TABLE_NAME),
    profiles: createProfileDirectory(client, env.TABLE_NAME),
    // No cache (ttl 0): flags.me answers what the push that made the browser ask announced.
    access: createFeatureAccessLoader(client, env.TABLE_NAME, systemClock, 0),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
