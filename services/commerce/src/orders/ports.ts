import type { Clock } from '@sneakers/shared/clock';
import type { Order, OrderStatus } from '@sneakers/shared/contracts/orders';
import type { Item } from '@sneakers/shared/contracts/lists';
import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { StoredStatus } from '@sneakers/shared/rules/offer-transitions';
import type { SaleRecord } from '../sales/sale-entity';
import type { SaleRecordedEvent } from '../sales/sale-record';

/** An order as stored: the response without the caller's role. */
export type OrderRecord = Omit<Order, 'viewerRole'>;

export interface StoreProfile {
  businessName: string;
  currency: Currency;
  language: (typeof LANGUAGES)[number];
}

export interface ClientContact {
  id: string;
  name: string;
  email: string;
}

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
  senderBusinessName: string;
}

export interface AnonymousOfferRecord {
  storeUserId: string;
  id: string;
  listType: 'wtb' | 'wtc';
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

export interface OrderShare {
  shareId: string;
  storeUserId: string;
  orderId: string;
}

export interface OrdersRepository {
  getStore(storeUserId: string): Promise<StoreProfile | null>;
  getClient(storeUserId: string, clientId: string): Promise<ClientContact | null>;
  /** One transaction: the idempotency claim (conditional), the order and its share row. */
  createOrder(order: OrderRecord, claim: IdempotencyClaim): Promise<'committed' | 'duplicate'>;
  getOrder(storeUserId: string, id: string): Promise<OrderRecord | null>;
  /** The store that owns `orderId` when `partnerUserId` is its trading partner. */
  getPartnerLink(partnerUserId: string, orderId: string): Promise<{ storeUserId: string } | null>;
  getShare(shareId: string): Promise<OrderShare | null>;
  listStoreOrders(
    storeUserId: string,
    status: OrderStatus | undefined,
    page: PageRequest,
  ): Promise<Page<OrderRecord>>;
  /** The partner's orders newest first; a status filter may make a page shorter than asked. */
  listPartnerOrders(
    partnerUserId: string,
    status: OrderStatus | undefined,
    page: PageRequest,
  ): Promise<Page<OrderRecord>>;
  /** Conditional on the status still being `from` (and the order unfulfilled when `unfulfilled`). */
  updateOrder(
    order: OrderRecord,
    from: OrderStatus,
    changes: { status: OrderStatus; notes: string | null; updatedAt: string },
    unfulfilled: boolean,
  ): Promise<'committed' | 'stale'>;
  /**
   * One transaction: the order marked fulfilled (conditional: unfulfilled and still `from`),
   * each sale and each sale's event.
   */
  fulfilOrder(
    order: OrderRecord,
    from: OrderStatus,
    sales: SaleRecord[],
    events: SaleRecordedEvent[],
  ): Promise<'committed' | 'stale'>;
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

export interface OrdersDeps {
  repo: OrdersRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
  /** Share ids: 128 random bits, base64url. */
  shareIds: IdGenerator;
}
