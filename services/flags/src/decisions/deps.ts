import { systemClock } from '@sneakers/shared/clock';
import { createFeatureAccessLoader } from '@sneakers/shared/feature-access/loader';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createFlagConfigRepository } from '../flags/repository';
import { createProfileDirectory } from '../user-access/profile-directory';
import { createUserAccessRepository } from '../user-access/repository';
import type { DecisionsDeps } from './ports';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const decisionsDeps = lazy((): DecisionsDeps => {
  const { client, table } = tableAccess();
  return {
    // No cache (ttl 0): flags.me answers what the push that made the browser ask announced.
    access: createFeatureAccessLoader(client, table, systemClock, 0),
    config: createFlagConfigRepository(client, table),
    userAccess: createUserAccessRepository(client, table),
    profiles: createProfileDirectory(client, table),
    clock: systemClock,
  };
});
