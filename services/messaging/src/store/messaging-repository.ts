import { Service } from '@sneakers/shared/table/entity';
import type { Message } from '@sneakers/shared/contracts/message-values';
import type { RelatedItem } from '@sneakers/shared/contracts/messaging';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { batchGetRows, entityNameOf } from '@sneakers/shared/table/batch-get';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';
import { isConditionalFailure, transact } from '@sneakers/shared/table/transaction';
import { itemView } from '@sneakers/shared/views/item-view';
import { offerView } from '@sneakers/shared/views/offer-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import type {
  ConversationRecord,
  LastMessage,
  MemberRecord,
  MessagingRepository,
  PartnerDetails,
  RatingRecord,
  UnreadCounterRecord,
} from '../domain/ports';
import { preview, seqKey } from '../domain/rules';
import { conversationEntity, type ConversationRow } from './conversation-entity';
import { conversationMemberEntity, type ConversationMemberRow } from './conversation-member-entity';
import { conversationPairEntity } from './conversation-pair-entity';
import { messageClientIdEntity } from './message-client-id-entity';
import { messageEntity, type MessageRow } from './message-entity';
import { ratingEntity, type RatingRow } from './rating-entity';
import { ratingSummaryEntity } from './rating-summary-entity';
import { tradingPartnerEntity } from './trading-partner-entity';
import { EMAIL_QUEUE, unreadCounterEntity, type UnreadCounterRow } from './unread-counter-entity';

const DEFAULT_PAGE = 25;
const PROFILE_FIELDS = ['userId', 'role', 'businessName', 'avatarUrl'] as const;
const SUMMARY_FIELDS = ['userId', 'count', 'sum'] as const;
const MY_RATING_FIELDS = ['rateeUserId', 'stars'] as const;
/** One projection for every kind of row a partner-details BatchGet reads, plus ElectroDB's identifiers. */
const DETAIL_ATTRIBUTES = [
  ...new Set([...PROFILE_FIELDS, ...SUMMARY_FIELDS, ...MY_RATING_FIELDS, '__edb_e__', '__edb_v__']),
];

function fromRelatedItem(item: ConversationRow['relatedItem']): RelatedItem | null {
  return item ? { ...item, imageUrl: orNull(item.imageUrl) } : null;
}

function toRelatedItem(item: RelatedItem | null) {
  return item ? withoutNulls(item) : undefined;
}

/** The list shows the newest message's first characters; the thread reads the message itself. */
function toLastMessage(message: Message): LastMessage {
  return {
    seq: message.seq,
    senderUserId: message.senderUserId,
    content: preview(message.content),
    createdAt: message.createdAt,
  };
}

function fromConversationRow(row: ConversationRow): ConversationRecord {
  return { ...row, relatedItem: fromRelatedItem(row.relatedItem), lastMessage: row.lastMessage ?? null };
}

function fromMemberRow(row: ConversationMemberRow): MemberRecord {
  return { ...row, relatedItem: fromRelatedItem(row.relatedItem), lastMessage: row.lastMessage ?? null };
}

function toMemberRow(record: MemberRecord): ConversationMemberRow {
  return {
    ...record,
    relatedItem: toRelatedItem(record.relatedItem),
    lastMessage: record.lastMessage ?? undefined,
  };
}

function fromMessageRow(row: MessageRow): Message {
  const { seqKey: _key, ...message } = row;
  return message;
}

function fromCounterRow(row: UnreadCounterRow): UnreadCounterRecord {
  return {
    userId: row.userId,
    total: row.total ?? 0,
    emailDueAt: orNull(row.emailDueAt),
    lastConversationId: orNull(row.lastConversationId),
    lastSenderName: orNull(row.lastSenderName),
    lastPreview: orNull(row.lastPreview),
  };
}

function fromRatingRow(row: RatingRow): RatingRecord {
  return { ...row, comment: orNull(row.comment) };
}

/**
 * Access patterns (no Scan): GetItem by key everywhere; Query gsi1 for a member's
 * conversations newest first and a user's received ratings, gsi2 for the given ones, gsi3
 * for the due message emails; the conversation's partition for its messages in seq order;
 * one BatchGetItem for a page's partners. Every multi-row write is one TransactWriteItems
 * through the shared `transact`, with its outbox event.
 */
export function createMessagingRepository(client: DocumentClient, table: string): MessagingRepository {
  const service = new Service(
    {
      conversation: conversationEntity,
      member: conversationMemberEntity,
      pair: conversationPairEntity,
      message: messageEntity,
      clientId: messageClientIdEntity,
      counter: unreadCounterEntity,
      rating: ratingEntity,
      summary: ratingSummaryEntity,
      partner: tradingPartnerEntity,
      profile: profileView,
      item: itemView,
      offer: offerView,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const {
    conversation,
    member,
    pair,
    message,
    clientId,
    counter,
    rating,
    summary,
    partner,
    profile,
    item,
    offer,
  } = service.entities;

  return {
    async getProfile(userId) {
      const { data } = await profile.get({ userId }).go({ attributes: [...PROFILE_FIELDS] });
      return data ? { ...data, avatarUrl: orNull(data.avatarUrl) } : null;
    },
    async getSummary(userId) {
      const { data } = await summary.get({ userId }).go({ attributes: [...SUMMARY_FIELDS] });
      return data ?? null;
    },
    async getItem(ref) {
      const { data } = await item
        .get({ userId: ref.ownerUserId, listType: ref.listType, id: ref.itemId })
        .go({ attributes: ['userId', 'listType', 'id', 'name', 'sku', 'imageUrl'] });
      if (!data) return null;
      return {
        ownerUserId: data.userId,
        listType: data.listType,
        itemId: data.id,
        name: data.name,
        sku: data.sku,
        imageUrl: orNull(data.imageUrl),
      };
    },
    async getPartnerDetails(partnerIds, myRatingsOf) {
      const details: PartnerDetails = { profiles: new Map(), summaries: new Map(), myRatings: new Map() };
      const keys = partnerIds.flatMap((userId) => [
        profile.get({ userId }).params().Key,
        summary.get({ userId }).params().Key,
        ...(myRatingsOf ? [rating.get({ rateeUserId: userId, raterUserId: myRatingsOf }).params().Key] : []),
      ]);
      const rows = await batchGetRows(client, table, keys, { attributes: DETAIL_ATTRIBUTES });
      for (const row of rows) {
        const kind = entityNameOf(row);
        if (kind === profileView.schema.model.entity) {
          const data = profile.parse({ Item: row }, { attributes: [...PROFILE_FIELDS] }).data;
          if (data) details.profiles.set(data.userId, { ...data, avatarUrl: orNull(data.avatarUrl) });
        } else if (kind === ratingSummaryEntity.schema.model.entity) {
          const data = summary.parse({ Item: row }, { attributes: [...SUMMARY_FIELDS] }).data;
          if (data) details.summaries.set(data.userId, { count: data.count, sum: data.sum });
        } else if (kind === ratingEntity.schema.model.entity) {
          const data = rating.parse({ Item: row }, { attributes: [...MY_RATING_FIELDS] }).data;
          if (data) details.myRatings.set(data.rateeUserId, data.stars);
        }
      }
      return details;
    },

    async getPair(pairKey) {
      const { data } = await pair.get({ pairKey }).go({ consistent: true });
      return data?.conversationId ?? null;
    },
    startConversation: ({ pairKey, conversation: c, members }) =>
      transact(
        () =>
          service.transaction
            .write(({ pair: p, conversation: cv, member: m }) => [
              p.create({ pairKey, conversationId: c.conversationId }).commit(),
              cv
                .create({
                  ...c,
                  relatedItem: toRelatedItem(c.relatedItem),
                  lastMessage: c.lastMessage ?? undefined,
                })
                .commit(),
              ...members.map((r) => m.create(toMemberRow(r)).commit()),
            ])
            .go(),
        // The pair first: its condition failing means another start created the conversation.
        ['exists'],
      ),
    async getConversation(conversationId) {
      const { data } = await conversation.get({ conversationId }).go({ consistent: true });
      return data ? fromConversationRow(data) : null;
    },
    async getMember(userId, conversationId, consistent = false) {
      const { data } = await member.get({ userId, conversationId }).go({ consistent });
      return data ? fromMemberRow(data) : null;
    },
    listMembers: (userId, page) =>
      queryPage(
        page,
        { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
        (go) => member.query.byActivity({ userId }).go({ order: 'desc', ...go }),
        fromMemberRow,
      ),

    async getCounter(userId) {
      const { data } = await counter.get({ userId }).go({ consistent: true });
      return data ? fromCounterRow(data) : null;
    },
    sendMessage: ({ message: m, previousSeq, senderUserId, recipientUserId, counter: change, event }) => {
      const last = toLastMessage(m);
      const lastFields = {
        lastConversationId: m.conversationId,
        lastSenderName: m.senderName,
        lastPreview: preview(m.content),
      };
      return transact(
        () =>
          service.transaction
            .write(({ clientId: k, conversation: cv, message: msg, member: mb, counter: ct, outbox }) => [
              k
                .create({
                  conversationId: m.conversationId,
                  senderUserId,
                  clientMessageId: m.clientMessageId,
                  seq: m.seq,
                })
                .commit(),
              cv
                .patch({ conversationId: m.conversationId })
                .set({ lastSeq: m.seq, lastMessage: last, updatedAt: m.createdAt })
                .where(({ lastSeq }, { eq }) => eq(lastSeq, previousSeq))
                .commit(),
              msg.create({ ...m, seqKey: seqKey(m.seq) }).commit(),
              mb
                .patch({ userId: senderUserId, conversationId: m.conversationId })
                .set({ lastMessage: last, updatedAt: m.createdAt })
                .commit(),
              mb
                .patch({ userId: recipientUserId, conversationId: m.conversationId })
                .set({ lastMessage: last, updatedAt: m.createdAt })
                .add({ unreadCount: 1 })
                .commit(),
              change.kind === 'keepDue'
                ? ct
                    .update({ userId: recipientUserId })
                    .add({ total: 1 })
                    .set(lastFields)
                    .where(({ emailDueAt }, { eq }) => eq(emailDueAt, change.emailDueAt))
                    .commit()
                : ct
                    .update({ userId: recipientUserId })
                    .add({ total: 1 })
                    .set({ ...lastFields, emailQueue: EMAIL_QUEUE, emailDueAt: change.emailDueAt })
                    .where(({ emailDueAt }, { notExists }) => notExists(emailDueAt))
                    .commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        // Positional: the client id, the seq (conversation, then message), the members, the counter.
        ['duplicate', 'seqTaken', 'seqTaken', null, null, 'counterChanged'],
      );
    },
    async getClientMessageSeq(conversationId, senderUserId, clientMessageId) {
      const { data } = await clientId
        .get({ conversationId, senderUserId, clientMessageId })
        .go({ consistent: true });
      return data?.seq ?? null;
    },
    async getMessage(conversationId, seq) {
      const { data } = await message.get({ conversationId, seqKey: seqKey(seq) }).go({ consistent: true });
      return data ? fromMessageRow(data) : null;
    },
    async listMessages(conversationId, { after, before, limit }) {
      // One more than asked says whether there are more that way.
      const go = { limit: limit + 1 };
      const query = message.query.bySeq({ conversationId });
      const { data } =
        after !== undefined
          ? await query.gt({ seqKey: seqKey(after) }).go({ ...go, order: 'asc' })
          : before !== undefined
            ? await query.lt({ seqKey: seqKey(before) }).go({ ...go, order: 'desc' })
            : await query.go({ ...go, order: 'desc' });
      const hasMore = data.length > limit;
      const rows = data.slice(0, limit).map(fromMessageRow);
      return { messages: after !== undefined ? rows : rows.reverse(), hasMore };
    },
    markRead: ({ userId, conversationId, unreadCount, total, clearsDue, event }) =>
      transact(
        () =>
          service.transaction
            .write(({ member: mb, counter: ct, outbox }) => {
              const next = { total: Math.max(0, total - unreadCount) };
              // Emptied: the pending message email is cancelled with it.
              const counterWrite = clearsDue
                ? ct
                    .patch({ userId })
                    .remove(['emailDueAt', 'emailQueue'])
                    .set(next)
                    .where(({ total: t }, { eq }) => eq(t, total))
                    .commit()
                : ct
                    .patch({ userId })
                    .set(next)
                    .where(({ total: t }, { eq }) => eq(t, total))
                    .commit();
              return [
                mb
                  .patch({ userId, conversationId })
                  .set({ unreadCount: 0 })
                  .where(({ unreadCount: n }, { eq }) => eq(n, unreadCount))
                  .commit(),
                counterWrite,
                outbox.create(outboxItem(event)).commit(),
              ];
            })
            .go(),
        ['stale', 'stale'],
      ),

    listDueCounters: (now, page) =>
      queryPage(
        page,
        { index: 'gsi3', defaultLimit: DEFAULT_PAGE },
        (go) =>
          counter.query
            .emailDue({ emailQueue: EMAIL_QUEUE })
            .lte({ emailDueAt: now })
            .go({ order: 'asc', ...go }),
        fromCounterRow,
      ),
    async clearDue(userId, emailDueAt, event) {
      if (!event) {
        try {
          await counter
            .patch({ userId })
            .remove(['emailDueAt', 'emailQueue'])
            .where(({ emailDueAt: due }, { eq }) => eq(due, emailDueAt))
            .go();
          return 'committed';
        } catch (error) {
          if (isConditionalFailure(error)) return 'changed';
          throw error;
        }
      }
      return transact(
        () =>
          service.transaction
            .write(({ counter: ct, outbox }) => [
              ct
                .patch({ userId })
                .remove(['emailDueAt', 'emailQueue'])
                .where(({ emailDueAt: due }, { eq }) => eq(due, emailDueAt))
                .commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['changed'],
      );
    },

    async getTradingPartner(userId, partnerUserId) {
      const { data } = await partner.get({ userId, partnerUserId }).go({ consistent: true });
      return data ?? null;
    },
    listTradingPartners: (userId, page) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => partner.query.byUser({ userId }).go(go),
        (row) => row,
      ),
    async addTradingPartner(record) {
      try {
        await partner.create(record).go();
      } catch (error) {
        // Already partners: the first accepted offer stays.
        if (!isConditionalFailure(error)) throw error;
      }
    },
    async getAcceptedOffer(offerId) {
      const { data } = await offer
        .get({ id: offerId })
        .go({ attributes: ['id', 'storeUserId', 'resellerUserId', 'itemName', 'status'], consistent: true });
      return data ?? null;
    },
    createRating: (r) =>
      transact(
        () =>
          service.transaction
            .write(({ rating: rt, summary: s }) => [
              rt.create(withoutNulls(r)).commit(),
              s.update({ userId: r.rateeUserId }).add({ count: 1, sum: r.stars }).commit(),
            ])
            .go(),
        ['rated'],
      ),
    listRatings: (direction, userId, page) =>
      direction === 'received'
        ? queryPage(
            page,
            { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
            (go) => rating.query.received({ rateeUserId: userId }).go({ order: 'desc', ...go }),
            fromRatingRow,
          )
        : queryPage(
            page,
            { index: 'gsi2', defaultLimit: DEFAULT_PAGE },
            (go) => rating.query.given({ raterUserId: userId }).go({ order: 'desc', ...go }),
            fromRatingRow,
          ),
  };
}
