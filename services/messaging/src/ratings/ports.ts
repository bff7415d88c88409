import type { Clock } from '@sneakers/shared/clock';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { Committed } from '@sneakers/shared/table/transaction';
import type { ConversationsRepository } from '../conversations/ports';
import type { RatingItem } from './rating-entity';
import type { TradingPartnerItem } from './trading-partner-entity';

/** A rating of one user by another: 1-5 stars, an optional comment (or null), the offer behind it. */
export type RatingRecord = RecordOf<RatingItem>;

/** Someone the user completed a trade with: the first accepted offer between them. */
export type TradingPartnerRecord = RecordOf<TradingPartnerItem>;

/** The two sides of an accepted offer (shared/src/views/offer-view.ts). */
export interface AcceptedOffer {
  id: string;
  storeUserId: string;
  resellerUserId: string;
  itemName: string;
  status: string;
}

/**
 * What the rating and trading-partner use cases need from storage; `repository.ts`
 * implements it. Names, summaries and partner details are the conversations' reads.
 */
export interface RatingsRepository extends Pick<
  ConversationsRepository,
  'getProfile' | 'getSummary' | 'getPartnerDetails'
> {
  getTradingPartner(userId: string, partnerUserId: string): Promise<TradingPartnerRecord | null>;
  listTradingPartners(userId: string, page: PageRequest): Promise<Page<TradingPartnerRecord>>;
  /** Put-if-absent: the first accepted offer is kept. */
  addTradingPartner(record: TradingPartnerRecord): Promise<void>;
  getAcceptedOffer(offerId: string): Promise<AcceptedOffer | null>;
  /** 'rated': this rater already rated this ratee. */
  createRating(rating: RatingRecord): Promise<Committed | 'rated'>;
  listRatings(
    direction: 'received' | 'given',
    userId: string,
    page: PageRequest,
  ): Promise<Page<RatingRecord>>;
}

export interface RatingsDeps {
  repo: RatingsRepository;
  clock: Clock;
}
