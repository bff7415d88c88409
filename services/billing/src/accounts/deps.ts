import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { billingGateway } from '../provider/gateway';
import type { AccountsDeps } from './ports';
import { createAccountsRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const accountsDeps = lazy((): AccountsDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createAccountsRepository(client, table),
    gateway: billingGateway(),
    clock: systemClock,
    ids: ulidGenerator,
    appUrl: () => {
      const url = runtimeEnv().APP_URL;
      if (!url) throw new Error('APP_URL is not set: Checkout and the portal need a page to return to.');
      return url;
    },
  };
});
