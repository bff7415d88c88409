import type { AccountRowsEraser, EraseOutcome } from '@sneakers/shared/portability/owner';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { isConditionalFailure } from '@sneakers/shared/table/transaction';
import { conversationEntity } from '../conversations/conversation-entity';
import { conversationMemberEntity } from '../conversations/conversation-member-entity';
import { conversationPairEntity } from '../conversations/conversation-pair-entity';
import { pairKey } from '../conversations/rules';
import { messageClientIdEntity } from '../messages/message-client-id-entity';
import { messageEntity } from '../messages/message-entity';
import { ratingEntity } from '../ratings/rating-entity';
import { ratingSummaryEntity } from '../ratings/rating-summary-entity';
import { tradingPartnerEntity } from '../ratings/trading-partner-entity';
import { unreadCounterEntity } from '../unread/unread-counter-entity';

const NOTHING: EraseOutcome = { deleted: 0, anonymised: 0 };

/**
 * A closed account's messaging (docs/product/accounts.md#closing-the-account). A conversation
 * is a thread of two people's messages in one sequence, so the account's conversations go
 * whole, for the other participant too (its unread count is taken off theirs). Ratings the
 * account received go with its summary; ratings it gave go and leave the rated users'
 * summaries; its trading partners go in both directions. Queries of the account's partitions
 * and of each conversation's; no Scan.
 */
export function createMessagingEraser(client: DocumentClient, table: string): AccountRowsEraser {
  const service = new Service(
    {
      conversations: conversationEntity,
      members: conversationMemberEntity,
      pairs: conversationPairEntity,
      messages: messageEntity,
      clientIds: messageClientIdEntity,
      ratings: ratingEntity,
      summaries: ratingSummaryEntity,
      partners: tradingPartnerEntity,
      unread: unreadCounterEntity,
    },
    { client, table },
  );
  const e = service.entities;

  /** One call's work on the account's first conversation: a page of its rows, or the conversation itself. */
  async function conversationStep(userId: string, limit: number): Promise<EraseOutcome> {
    const { data } = await e.members.query.byMember({ userId }).go({ limit: 1 });
    const member = data[0];
    if (!member) return NOTHING;
    const { conversationId, partnerUserId } = member;
    const { data: messages } = await e.messages.query
      .bySeq({ conversationId })
      .go({ limit, attributes: ['seqKey'] });
    if (messages.length) {
      await e.messages.delete(messages.map(({ seqKey }) => ({ conversationId, seqKey }))).go();
      return { deleted: messages.length, anonymised: 0 };
    }
    for (const senderUserId of [userId, partnerUserId]) {
      const { data: ids } = await e.clientIds.query
        .byClientId({ conversationId, senderUserId })
        .go({ limit, attributes: ['clientMessageId'] });
      if (ids.length) {
        await e.clientIds
          .delete(ids.map(({ clientMessageId }) => ({ conversationId, senderUserId, clientMessageId })))
          .go();
        return { deleted: ids.length, anonymised: 0 };
      }
    }
    const { data: conversation } = await e.conversations.get({ conversationId }).go();
    const { data: theirs } = await e.members.get({ userId: partnerUserId, conversationId }).go();
    const unread = theirs?.unreadCount ?? 0;
    if (unread > 0)
      await e.unread
        .update({ userId: partnerUserId })
        .subtract({ total: unread })
        .where((a, op) => op.gte(a.total, unread))
        .go()
        .catch(async (error: unknown) => {
          unlessConditional(error);
          // A counter below this conversation's unread (or none): nothing else is unread.
          await e.unread
            .update({ userId: partnerUserId })
            .set({ total: 0 })
            .where((a, op) => op.exists(a.total))
            .go()
            .catch(unlessConditional);
        });
    // The partner's badge previewed this conversation's last message: the preview goes with it.
    await e.unread
      .update({ userId: partnerUserId })
      .remove(['lastConversationId', 'lastSenderName', 'lastPreview'])
      .where((a, op) => op.eq(a.lastConversationId, conversationId))
      .go()
      .catch(unlessConditional);
    let deleted = 0;
    if (conversation) {
      const key = pairKey(conversation.storeUserId, conversation.resellerUserId, conversation.relatedItem);
      await e.pairs.delete({ pairKey: key }).go();
      await e.conversations.delete({ conversationId }).go();
      deleted += 2;
    }
    if (theirs) {
      await e.members.delete({ userId: partnerUserId, conversationId }).go();
      deleted += 1;
    }
    // The account's own member row last: it is what the next call finds the conversation by.
    await e.members.delete({ userId, conversationId }).go();
    return { deleted: deleted + 1, anonymised: 0 };
  }

  return {
    passes: (userId, limit) => [
      () => conversationStep(userId, limit),
      async () => {
        const { data } = await e.ratings.query
          .byRatee({ rateeUserId: userId })
          .go({ limit, attributes: ['raterUserId'] });
        if (data.length)
          await e.ratings.delete(data.map(({ raterUserId }) => ({ rateeUserId: userId, raterUserId }))).go();
        return { deleted: data.length, anonymised: 0 };
      },
      // A rating given leaves its ratee's summary in the same transaction as it goes.
      async () => {
        const { data } = await e.ratings.query
          .given({ raterUserId: userId })
          .go({ limit, attributes: ['rateeUserId', 'raterUserId', 'stars'] });
        for (const rating of data)
          await service.transaction
            .write(({ ratings, summaries }) => [
              ratings.delete({ rateeUserId: rating.rateeUserId, raterUserId: userId }).commit(),
              summaries
                .update({ userId: rating.rateeUserId })
                .subtract({ count: 1, sum: rating.stars })
                .commit(),
            ])
            .go();
        return { deleted: data.length, anonymised: 0 };
      },
      async () => {
        const { data } = await e.partners.query
          .byUser({ userId })
          .go({ limit, attributes: ['partnerUserId'] });
        if (!data.length) return NOTHING;
        await e.partners
          .delete(data.map(({ partnerUserId }) => ({ userId: partnerUserId, partnerUserId: userId })))
          .go();
        await e.partners.delete(data.map(({ partnerUserId }) => ({ userId, partnerUserId }))).go();
        return { deleted: data.length * 2, anonymised: 0 };
      },
      async () => {
        const [summary, unread] = await Promise.all([
          e.summaries.get({ userId }).go({ attributes: ['userId'] }),
          e.unread.get({ userId }).go({ attributes: ['userId'] }),
        ]);
        if (summary.data) await e.summaries.delete({ userId }).go();
        if (unread.data) await e.unread.delete({ userId }).go();
        return { deleted: (summary.data ? 1 : 0) + (unread.data ? 1 : 0), anonymised: 0 };
      },
    ],
  };
}

/** A conditional write whose condition failed had nothing to change (no counter, another preview). */
function unlessConditional(error: unknown): void {
  if (!isConditionalFailure(error)) throw error;
}
