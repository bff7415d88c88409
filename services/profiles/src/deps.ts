import { Logger } from '@aws-lambda-powertools/logger';
import { systemClock } from '@sneakers/shared/clock';
import { secureToken } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { ResetDeps } from './domain/password-reset';
import type { AvatarDeps, ProfileDeps } from './domain/profile';
import { createSesMailer } from '@sneakers/shared/email/ses-mailer';
import { createResetRepository } from './store/password-reset-repository';
import { createProfileRepository } from './store/profile-repository';
import { createAvatarStorage } from './uploads';
import { createDemoIdentity, createUserDirectory } from './user-pool';
import type { DemoSessionDeps } from './domain/demo-session';

/**
 * Built on first use, so importing the service (CDK, tests) needs no environment, and
 * each route only needs the configuration it uses.
 */
const documentClient = lazy(() => createDocumentClient(runtimeEnv()));

export const profileDeps = lazy((): ProfileDeps => ({
  profiles: createProfileRepository(documentClient(), runtimeEnv().TABLE_NAME),
  clock: systemClock,
}));

export const avatarDeps = lazy((): AvatarDeps => ({
  ...profileDeps(),
  storage: createAvatarStorage(runtimeEnv()),
}));

export const demoSessionDeps = lazy((): DemoSessionDeps => ({
  identity: createDemoIdentity(runtimeEnv()),
  limiter: createRateLimiter(documentClient(), runtimeEnv().TABLE_NAME),
  clock: systemClock,
}));

export const resetDeps = lazy((): ResetDeps => {
  const env = runtimeEnv();
  if (!env.APP_URL) throw new Error('APP_URL is not set');
  const logger = new Logger({ serviceName: 'profiles' });
  return {
    resets: createResetRepository(documentClient(), env.TABLE_NAME),
    limiter: createRateLimiter(documentClient(), env.TABLE_NAME),
    profiles: profileDeps().profiles,
    directory: createUserDirectory(env),
    mailer: createSesMailer(env),
    clock: systemClock,
    newToken: () => secureToken(32),
    appUrl: env.APP_URL,
    log: { warn: (message, data) => logger.warn(message, data ?? {}) },
  };
});
