import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { SettingsDeps } from './ports';
import { createSettingsRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const settingsDeps = lazy((): SettingsDeps => {
  const { client, table } = tableAccess();
  return { repo: createSettingsRepository(client, table), clock: systemClock, ids: ulidGenerator };
});
