import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { UnreadDeps } from './ports';
import { createUnreadRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const unreadDeps = lazy((): UnreadDeps => {
  const { client, table } = tableAccess();
  return { repo: createUnreadRepository(client, table), clock: systemClock, ids: ulidGenerator };
});
