import type { Clock } from '@sneakers/shared/clock';
import type { Order, OrderStatus } from '@sneakers/shared/contracts/orders';
import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Currency } from '@sneakers/shared/money';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { SaleRecord } from '../sales/sale-entity';
import type { SaleRecordedEvent } from '../sales/sale-record';

/**
 * An order as stored: the response without the caller's role. Not derived from the entity:
 * the row keeps the counterparty flat and the lines as a document (order-entity.ts maps them).
 */
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
    /** `Order.Updated`, through the outbox in the same transaction. */
    event: OutboxEvent,
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
}

export interface OrdersDeps {
  repo: OrdersRepository;
  idempotency: IdempotencyStore;
  clock: Clock;
  ids: IdGenerator;
  /** Share ids: 128 random bits, base64url. */
  shareIds: IdGenerator;
}
