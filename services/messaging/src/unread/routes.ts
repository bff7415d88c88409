import {
  getUnreadMessages,
  markConversationRead as markConversationReadContract,
} from '@sneakers/shared/contracts/messaging';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { unreadDeps } from './deps';
import { getUnreadTotal, markConversationRead } from './domain';

/** The unread counts' routes: CDK declares them and the local gateway serves them. */
export const unreadRoutes: Route[] = [
  route(
    markConversationReadContract,
    async ({ actor, params }) => ({
      unreadTotal: await markConversationRead(unreadDeps(), actor, params.conversationId),
    }),
    { status: 200 },
  ),
  route(getUnreadMessages, async ({ actor }) => ({
    unreadTotal: await getUnreadTotal(unreadDeps(), actor),
  })),
];
