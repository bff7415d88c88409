import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { InboxDeps } from './ports';
import { createInboxRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const inboxDeps = lazy((): InboxDeps => {
  const { client, table } = tableAccess();
  return { inbox: createInboxRepository(client, table), clock: systemClock };
});
