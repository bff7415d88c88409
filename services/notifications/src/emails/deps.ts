import { systemClock } from '@sneakers/shared/clock';
import { createSesMailer } from '@sneakers/shared/email/ses-mailer';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createInboxRepository } from '../inbox/repository';
import type { EmailsDeps } from './ports';
import { createEmailSendRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const emailsDeps = lazy((): EmailsDeps => {
  const env = runtimeEnv();
  const { client, table } = tableAccess();
  return {
    emails: createEmailSendRepository(client, table),
    inbox: createInboxRepository(client, table),
    mailer: createSesMailer(env),
    clock: systemClock,
    appUrl: env.APP_URL,
  };
});
