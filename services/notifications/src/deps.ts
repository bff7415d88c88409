import { systemClock } from '@sneakers/shared/clock';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { NotificationsDeps } from './domain/ports';
import { createSesMailer } from '@sneakers/shared/email/ses-mailer';
import { createNotificationsRepository } from './store/notifications-repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const notificationsDeps = lazy((): NotificationsDeps => {
  const env = runtimeEnv();
  return {
    repo: createNotificationsRepository(createDocumentClient(env), env.TABLE_NAME),
    mailer: createSesMailer(env),
    clock: systemClock,
    appUrl: env.APP_URL,
  };
});
