import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { PreferencesDeps } from './ports';
import { createPartnerLookup, createPreferencesRepository } from './repository';

/** Built on first use, so importing a function (CDK, tests) needs no environment. */
export const preferencesDeps = lazy((): PreferencesDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createPreferencesRepository(client, table),
    partners: createPartnerLookup(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
