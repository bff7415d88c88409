import {
  createRating as createRatingContract,
  getConversation as getConversationContract,
  getRatingSummary as getRatingSummaryContract,
  getUnreadMessages,
  listConversations as listConversationsContract,
  listMessages as listMessagesContract,
  listRatings as listRatingsContract,
  listTradingPartners as listTradingPartnersContract,
  markConversationRead as markConversationReadContract,
  sendMessage as sendMessageContract,
  startConversation as startConversationContract,
} from '@sneakers/shared/contracts/messaging';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { messagingDeps } from './deps';
import { getConversation, listConversations, startConversation } from './domain/conversations';
import { listMessages, sendMessage } from './domain/messages';
import { createRating, getRatingSummary, listRatings } from './domain/ratings';
import { listTradingPartners } from './domain/trading-partners';
import { getUnreadTotal, markConversationRead } from './domain/unread';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const messagingRoutes: Route[] = [
  route(listConversationsContract, async ({ actor, query }) => {
    const page = await listConversations(messagingDeps(), actor, query);
    return { conversations: page.items, cursor: page.cursor };
  }),
  route(startConversationContract, async ({ actor, body, setStatus }) => {
    const result = await startConversation(messagingDeps(), actor, body);
    // 201 when this call created it, 200 when the pair (and item) already had one.
    if (!result.created) setStatus(200);
    return result;
  }),
  route(getConversationContract, async ({ actor, params }) => ({
    conversation: await getConversation(messagingDeps(), actor, params.conversationId),
  })),
  route(listMessagesContract, async ({ actor, params, query }) =>
    listMessages(messagingDeps(), actor, params.conversationId, query),
  ),
  route(sendMessageContract, async ({ actor, params, body, setStatus }) => {
    const { message, created } = await sendMessage(messagingDeps(), actor, params.conversationId, body);
    // 200 when a retry with the same clientMessageId replays the first send.
    if (!created) setStatus(200);
    return { message };
  }),
  route(
    markConversationReadContract,
    async ({ actor, params }) => ({
      unreadTotal: await markConversationRead(messagingDeps(), actor, params.conversationId),
    }),
    { status: 200 },
  ),
  route(getUnreadMessages, async ({ actor }) => ({
    unreadTotal: await getUnreadTotal(messagingDeps(), actor),
  })),
  route(createRatingContract, async ({ actor, body }) => ({
    rating: await createRating(messagingDeps(), actor, body),
  })),
  route(listRatingsContract, async ({ actor, query }) => {
    const page = await listRatings(messagingDeps(), actor, query);
    return { ratings: page.items, cursor: page.cursor };
  }),
  route(listTradingPartnersContract, async ({ actor, query }) => {
    const page = await listTradingPartners(messagingDeps(), actor, query);
    return { partners: page.items, cursor: page.cursor };
  }),
  route(getRatingSummaryContract, async ({ params }) => ({
    summary: await getRatingSummary(messagingDeps(), params.userId),
  })),
];
