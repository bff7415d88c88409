import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { isConditionalFailure, transact } from '@sneakers/shared/table/transaction';
import { offerView } from '@sneakers/shared/views/offer-view';
import { createConversationsRepository } from '../conversations/repository';
import type { RatingRecord, RatingsRepository } from './ports';
import { ratingEntity, type RatingItem } from './rating-entity';
import { ratingSummaryEntity } from './rating-summary-entity';
import { tradingPartnerEntity } from './trading-partner-entity';

const DEFAULT_PAGE = 25;

const toRatingRecord = (row: RatingItem): RatingRecord => toRecord(ratingEntity.schema, row);

/**
 * Access patterns (no Scan): GetItem for a trading partner (may rate?) and the accepted
 * offer (`shared/src/views/offer-view.ts`); Query the user's partition for their partners,
 * gsi1 for the ratings received and gsi2 for those given, newest first. A rating is one
 * TransactWriteItems with its summary through the shared `transact`. Profiles, summaries and
 * partner details are the conversations' reads.
 */
export function createRatingsRepository(client: DocumentClient, table: string): RatingsRepository {
  const service = new Service(
    { rating: ratingEntity, summary: ratingSummaryEntity, partner: tradingPartnerEntity, offer: offerView },
    { client, table },
  );
  const { rating, partner, offer } = service.entities;
  const { getProfile, getSummary, getPartnerDetails } = createConversationsRepository(client, table);

  return {
    getProfile,
    getSummary,
    getPartnerDetails,
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
              rt.create(toRow(r)).commit(),
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
            toRatingRecord,
          )
        : queryPage(
            page,
            { index: 'gsi2', defaultLimit: DEFAULT_PAGE },
            (go) => rating.query.given({ raterUserId: userId }).go({ order: 'desc', ...go }),
            toRatingRecord,
          ),
  };
}
