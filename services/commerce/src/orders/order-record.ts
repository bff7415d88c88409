import type { Order, OrderLine } from '@sneakers/shared/contracts/orders';
import { DEFAULT_CURRENCY, type Currency } from '@sneakers/shared/money';
import { orderTotal } from './lines';
import type { OrderRecord, OrdersRepository, StoreProfile } from './ports';

/**
 * Building a new order and answering one, pure: shared by the sale orders (./domain.ts) and
 * the purchase orders made from accepted offers (../offer-orders).
 */
export type ViewerRole = Order['viewerRole'];

/** The partner sees the order but not the store's own notes. */
export function toOrder(record: OrderRecord, viewerRole: ViewerRole): Order {
  return { ...record, notes: viewerRole === 'store' ? record.notes : null, viewerRole };
}

export interface NewOrder {
  id: string;
  kind: OrderRecord['kind'];
  storeUserId: string;
  /** The store's profile: its name on the order, its currency when the order names none. */
  store: StoreProfile | null;
  counterparty: OrderRecord['counterparty'];
  lines: OrderLine[];
  currency: Currency | null | undefined;
  notes: string | null;
  shareId: string;
  offerGroupId: string | null;
  anonymousOfferId: string | null;
  /** Default: `offer` when an offer's id is given, else `dashboard`. */
  channel?: OrderRecord['channel'];
  buyer?: OrderRecord['buyer'];
  paymentReference?: string | null;
  /** Default `pending`; a storefront order is `paid` from the start. */
  status?: OrderRecord['status'];
  /** ISO time of creation. */
  at: string;
}

/** An unfulfilled order totalling its lines, `pending` unless `status` says otherwise. */
export function buildOrder(input: NewOrder): OrderRecord {
  return {
    id: input.id,
    kind: input.kind,
    status: input.status ?? 'pending',
    storeUserId: input.storeUserId,
    storeBusinessName: input.store?.businessName ?? '',
    counterparty: input.counterparty,
    lines: input.lines,
    currency: input.currency ?? input.store?.currency ?? DEFAULT_CURRENCY,
    total: orderTotal(input.lines),
    notes: input.notes,
    shareId: input.shareId,
    offerGroupId: input.offerGroupId,
    anonymousOfferId: input.anonymousOfferId,
    saleIds: [],
    fulfilledAt: null,
    channel: input.channel ?? (input.offerGroupId || input.anonymousOfferId ? 'offer' : 'dashboard'),
    buyer: input.buyer ?? null,
    paymentReference: input.paymentReference ?? null,
    createdAt: input.at,
    updatedAt: input.at,
  };
}

/** The store's view of an order that an idempotency record or an offer's claim names. */
export async function storedOrder(
  repo: Pick<OrdersRepository, 'getOrder'>,
  storeUserId: string,
  id: string,
): Promise<Order> {
  const record = await repo.getOrder(storeUserId, id);
  if (!record) throw new Error('Order missing for the record that names it');
  return toOrder(record, 'store');
}
