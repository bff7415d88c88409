import { systemClock } from '@sneakers/shared/clock';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { CrmPortabilityDeps } from './ports';
import { createCrmPortabilityRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const crmPortabilityDeps = lazy((): CrmPortabilityDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createCrmPortabilityRepository(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    // As a booking created in the app: the share link is the only key to the public page.
    shareIds: { next: () => secureToken(16) },
  };
});
