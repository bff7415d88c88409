import {
  listMessages as listMessagesContract,
  sendMessage as sendMessageContract,
} from '@sneakers/shared/contracts/messaging';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { messagesDeps } from './deps';
import { listMessages, sendMessage } from './domain';

/** The messages' routes: CDK declares them and the local gateway serves them. */
export const messagesRoutes: Route[] = [
  route(listMessagesContract, async ({ actor, params, query }) =>
    listMessages(messagesDeps(), actor, params.conversationId, query),
  ),
  route(sendMessageContract, async ({ actor, params, body, setStatus }) => {
    const { message, created } = await sendMessage(messagesDeps(), actor, params.conversationId, body);
    // 200 when a retry with the same clientMessageId replays the first send.
    if (!created) setStatus(200);
    return { message };
  }),
];
