import type { Clock } from '@sneakers/shared/clock';
import type { Item } from '@sneakers/shared/contracts/lists';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { StoredStatus } from '@sneakers/shared/rules/offer-transitions';
import type { OrderRecord, OrdersRepository } from '../orders/ports';

/** A signed-in offer's line, as an order reads it (services/offers owns it; shared/src/views/offer-view.ts). */
export interface OfferLineRecord {
  id: string;
  groupId: string;
  groupOfferIds: string[];
  storeUserId: string;
  resellerUserId: string;
  listType: 'wtb' | 'wtc';
  itemId: string;
  itemName: string;
  itemSku: string;
  itemImageUrl: string | null;
  size: string;
  quantity: number;
  offeredPrice: number;
  counterPrice: number | null;
  currency: Currency;
  status: StoredStatus;
  expiresAt: string;
  senderBusinessName: string;
}

export interface AnonymousOfferRecord {
  storeUserId: string;
  id: string;
  /** inventory or wts: made on the store's storefront, a sale, not a purchase order. */
  listType: 'wtb' | 'wtc' | 'inventory' | 'wts';
  currency: Currency | null;
  contactName: string;
  contactEmail: string;
  status: StoredStatus;
  lines: {
    targetItemId: string;
    itemName: string;
    itemSku: string;
    size: string;
    offeredPrice: number;
    quantity: number;
  }[];
  /** One price for all the lines together. */
  counterPrice: number | null;
}

/** An item put back with the size taken, conditional on the row being unchanged since `before`. */
export interface ItemTake {
  next: Item;
  beforeUpdatedAt: string;
}

/** The offers and list items an order is made from, and the order rows it writes. */
export interface OfferOrdersRepository extends Pick<OrdersRepository, 'getStore' | 'getOrder'> {
  getOffer(id: string): Promise<OfferLineRecord | null>;
  getOffers(ids: string[]): Promise<OfferLineRecord[]>;
  getAnonymousOffer(storeUserId: string, id: string): Promise<AnonymousOfferRecord | null>;
  /** Consistent reads of the store's list items (missing ones are left out). */
  getItems(storeUserId: string, listType: 'wtb' | 'wtc', ids: string[]): Promise<Item[]>;
  getClaim(storeUserId: string, offerKey: string): Promise<string | null>;
  /**
   * One transaction: the offer's claim (conditional on absence: 'claimed'), the order, its
   * share row, the partner's link (signed-in sender) and each item take (conditional on the
   * item's updatedAt: 'stale').
   */
  createOrderFromOffer(
    order: OrderRecord,
    offerKey: string,
    partnerUserId: string | null,
    takes: ItemTake[],
  ): Promise<'committed' | 'claimed' | 'stale'>;
}

export interface OfferOrdersDeps {
  repo: OfferOrdersRepository;
  clock: Clock;
  ids: IdGenerator;
  /** Share ids: 128 random bits, base64url. */
  shareIds: IdGenerator;
}
