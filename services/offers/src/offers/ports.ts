/**
 * What the offer use cases need (docs/product/offers.md): the signed-in offers' own rows,
 * and what both kinds of offer read of other services' rows (the offered item, the owner's
 * profile). The anonymous offers' ports build on these.
 */
import type { Clock } from '@sneakers/shared/clock';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { StoredStatus } from '@sneakers/shared/rules/offer-transitions';
import type { EntityItem, RecordOf } from '@sneakers/shared/table/entity';
import type { itemView } from '@sneakers/shared/views/item-view';
import type { profileView } from '@sneakers/shared/views/profile-view';
import type { buildEvent } from '@sneakers/events';
import type { OfferRow } from './offer-entity';

export type OfferListType = 'wtb' | 'wtc';
export type OfferEvent = ReturnType<typeof buildEvent>;

/** What an offer reads of the lists service's item row (shared/src/views/item-view.ts). */
export const ITEM_FIELDS = [
  'id',
  'userId',
  'listType',
  'status',
  'visibility',
  'isBulk',
  'sizes',
  'sku',
  'name',
  'imageUrl',
  'currency',
] as const;
export type OfferableItem = RecordOf<Pick<EntityItem<typeof itemView>, (typeof ITEM_FIELDS)[number]>>;

/** What an offer reads of the profiles service's row (shared/src/views/profile-view.ts). */
export const PROFILE_FIELDS = [
  'userId',
  'businessName',
  'publicWtbList',
  'publicWtcList',
  'currency',
] as const;
export type ProfileSummary = Pick<EntityItem<typeof profileView>, (typeof PROFILE_FIELDS)[number]>;

/** Other services' rows an offer is made on, read-only. */
export interface OfferTargets {
  getItem(ownerId: string, listType: OfferListType, itemId: string): Promise<OfferableItem | null>;
  getProfile(userId: string): Promise<ProfileSummary | null>;
}

/**
 * A signed-in offer's line. Its group is never absent in a record: an offer made before
 * groups reads as a group of its own.
 */
export type OfferRecord = Omit<RecordOf<OfferRow>, 'groupId' | 'groupOfferIds'> & {
  /** The first line's id, shared by the lines created in one call, and their ids (oldest first). */
  groupId: string;
  groupOfferIds: string[];
};

/** What an answer writes (a transition's patch). */
export interface OfferChanges {
  status: StoredStatus;
  counterPrice: number | null;
  counterMessage: string | null;
  updatedAt: string;
}

export interface OffersRepository extends OfferTargets {
  /** One transaction: the key's claim (conditional), the offers, the event. 'duplicate' when the key exists. */
  createOffers(
    offers: OfferRecord[],
    claim: IdempotencyClaim,
    event: OfferEvent,
  ): Promise<'committed' | 'duplicate'>;
  getOffer(id: string): Promise<OfferRecord | null>;
  getOffers(ids: string[]): Promise<OfferRecord[]>;
  listOffers(box: 'received' | 'sent', userId: string, page: PageRequest): Promise<Page<OfferRecord>>;
  /**
   * Conditional on the stored status still being `from` and the offer unexpired at `now`,
   * with its event in the same transaction. Null when the condition failed.
   */
  transition(
    offer: OfferRecord,
    from: StoredStatus,
    changes: OfferChanges,
    now: string,
    event: OfferEvent,
  ): Promise<OfferRecord | null>;
}

export interface OffersDeps {
  repo: OffersRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
}
