import type { DocumentClient } from '@sneakers/shared/table/client';
import { batchGetRows, entityNameOf } from '@sneakers/shared/table/batch-get';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { transact } from '@sneakers/shared/table/transaction';
import { itemView } from '@sneakers/shared/views/item-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { ratingEntity } from '../ratings/rating-entity';
import { ratingSummaryEntity } from '../ratings/rating-summary-entity';
import { conversationEntity } from './conversation-entity';
import { conversationMemberEntity, type ConversationMemberItem } from './conversation-member-entity';
import { conversationPairEntity } from './conversation-pair-entity';
import type { ConversationsRepository, MemberRecord, PartnerDetails } from './ports';

const DEFAULT_PAGE = 25;
const PROFILE_FIELDS = ['userId', 'role', 'businessName', 'avatarUrl'] as const;
const SUMMARY_FIELDS = ['userId', 'count', 'sum'] as const;
const MY_RATING_FIELDS = ['rateeUserId', 'stars'] as const;
/** One projection for every kind of row a partner-details BatchGet reads, plus ElectroDB's identifiers. */
const DETAIL_ATTRIBUTES = [
  ...new Set([...PROFILE_FIELDS, ...SUMMARY_FIELDS, ...MY_RATING_FIELDS, '__edb_e__', '__edb_v__']),
];

export const toMemberRecord = (row: ConversationMemberItem): MemberRecord =>
  toRecord(conversationMemberEntity.schema, row);

/**
 * A projection of the profiles service's row, not a record of ours: toRecord would fill
 * every attribute of the view, so only the absent avatar reads as null here.
 */
const toProfileSummary = <P extends { avatarUrl?: string }>(data: P) => ({
  ...data,
  avatarUrl: data.avatarUrl ?? null,
});

/**
 * Access patterns (no Scan): GetItem by key for the pair, the inbox row, a profile, a rating
 * summary and an item; Query gsi1 for a member's conversations newest first; one
 * BatchGetItem for a page's partners. A start is one TransactWriteItems through the shared
 * `transact`.
 */
export function createConversationsRepository(
  client: DocumentClient,
  table: string,
): ConversationsRepository {
  const service = new Service(
    {
      conversation: conversationEntity,
      member: conversationMemberEntity,
      pair: conversationPairEntity,
      rating: ratingEntity,
      summary: ratingSummaryEntity,
      profile: profileView,
      item: itemView,
    },
    { client, table },
  );
  const { member, pair, rating, summary, profile, item } = service.entities;

  return {
    async getProfile(userId) {
      const { data } = await profile.get({ userId }).go({ attributes: [...PROFILE_FIELDS] });
      return data ? toProfileSummary(data) : null;
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
      // The lists service's row under the names a conversation snapshots it with.
      return {
        ownerUserId: data.userId,
        listType: data.listType,
        itemId: data.id,
        name: data.name,
        sku: data.sku,
        imageUrl: data.imageUrl ?? null,
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
          if (data) details.profiles.set(data.userId, toProfileSummary(data));
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
              cv.create(toRow(c)).commit(),
              ...members.map((r) => m.create(toRow(r)).commit()),
            ])
            .go(),
        // The pair first: its condition failing means another start created the conversation.
        ['exists'],
      ),
    async getMember(userId, conversationId, consistent = false) {
      const { data } = await member.get({ userId, conversationId }).go({ consistent });
      return data ? toMemberRecord(data) : null;
    },
    listMembers: (userId, page) =>
      queryPage(
        page,
        { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
        (go) => member.query.byActivity({ userId }).go({ order: 'desc', ...go }),
        toMemberRecord,
      ),
  };
}
