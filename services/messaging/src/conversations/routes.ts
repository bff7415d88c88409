import {
  getConversation as getConversationContract,
  listConversations as listConversationsContract,
  startConversation as startConversationContract,
} from '@sneakers/shared/contracts/messaging';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { conversationsDeps } from './deps';
import { getConversation, listConversations, startConversation } from './domain';

/** The conversations' routes: CDK declares them and the local gateway serves them. */
export const conversationsRoutes: Route[] = [
  route(listConversationsContract, async ({ actor, query }) => {
    const page = await listConversations(conversationsDeps(), actor, query);
    return { conversations: page.items, cursor: page.cursor };
  }),
  route(startConversationContract, async ({ actor, body, setStatus }) => {
    const result = await startConversation(conversationsDeps(), actor, body);
    // 201 when this call created it, 200 when the pair (and item) already had one.
    if (!result.created) setStatus(200);
    return result;
  }),
  route(getConversationContract, async ({ actor, params }) => ({
    conversation: await getConversation(conversationsDeps(), actor, params.conversationId),
  })),
];
