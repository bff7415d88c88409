import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { ConversationsDeps } from './ports';
import { createConversationsRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const conversationsDeps = lazy((): ConversationsDeps => {
  const { client, table } = tableAccess();
  return { repo: createConversationsRepository(client, table), clock: systemClock, ids: ulidGenerator };
});
