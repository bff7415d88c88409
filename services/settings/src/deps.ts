import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { SettingsDeps } from './domain/settings';
import { createSettingsRepository } from './store/settings-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const settingsDeps = lazy((): SettingsDeps => {
  const env = runtimeEnv();
  return {
    repo: createSettingsRepository(createDocumentClient(env), env.TABLE_NAME),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
