import { systemClock } from '@sneakers/shared/clock';
import { createSesMailer } from '@sneakers/shared/email/ses-mailer';
import { secureToken } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { profileDeps } from '../profiles/deps';
import type { ResetDeps } from './ports';
import { createResetRepository } from './repository';
import { createUserDirectory } from './user-directory';

/** Built on first use: only the reset routes need APP_URL, the mailer and the user pool. */
export const resetDeps = lazy((): ResetDeps => {
  const env = runtimeEnv();
  if (!env.APP_URL) throw new Error('APP_URL is not set');
  const { client, table } = tableAccess();
  const { logger } = powertoolsFor('profiles');
  return {
    resets: createResetRepository(client, table),
    limiter: createRateLimiter(client, table),
    profiles: profileDeps().profiles,
    directory: createUserDirectory(env),
    mailer: createSesMailer(env),
    clock: systemClock,
    newToken: () => secureToken(32),
    appUrl: env.APP_URL,
    log: { warn: (message, data) => logger.warn(message, data ?? {}) },
  };
});
