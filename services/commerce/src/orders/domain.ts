import * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type {
  Order,
  OrderLine,
  OrderStatus,
  SharedOrder,
  orderCreateSchema,
  orderUpdateSchema,
} from '@sneakers/shared/contracts/orders';
import type { Item } from '@sneakers/shared/contracts/lists';
import type { Sale } from '@sneakers/shared/contracts/sales';
import { BadRequestError, ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { DEFAULT_CURRENCY, type Currency } from '@sneakers/shared/money';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import { canTransition, FULFILLABLE_STATUSES } from '@sneakers/shared/rules/order-transitions';
import { takeSize } from '@sneakers/shared/rules/stock';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import { buildSale, queuesConfirmation, saleRecordedEvent } from '../sales/sale-record';
import { orderTotal, spreadTotal, toSharedOrder } from './lines';
import type { ItemTake, OrderRecord, OrdersDeps, StoreProfile } from './ports';

/**
 * Orders (spec: the orders section, /add-order, /dashboard/order/{id}, /orders/{orderId}).
 * A sale order is the store's, for one of its clients, and becomes sales when fulfilled; a
 * purchase order is made from an accepted offer on the store's WTB or WTC list and also seen
 * by its signed-in sender (the partner). Every record is keyed by the verified caller.
 */
export type OrderCreateInput = z.output<typeof orderCreateSchema>;
export type OrderUpdateInput = z.output<typeof orderUpdateSchema>;
export type FromOfferInput = { offerId: string } | { anonymousOfferId: string };
type Role = Order['viewerRole'];

/**
 * A fulfilment is one transaction of at most 100 items: the order, one sale and one outbox
 * event per line (the outbox holds one event per row), so 49 lines is the most that fits.
 */
export const FULFIL_LINES_MAX = 49;
/** A from-offer transaction whose item rows changed meanwhile is rebuilt from fresh reads this often. */
const FROM_OFFER_ATTEMPTS = 2;
const UPDATE_ATTEMPTS = 2;

export const orderNotFound = () => new NotFoundError('Order not found.', 'ORDER_NOT_FOUND');
const clientNotFound = () => new NotFoundError('Client not found.', 'CLIENT_NOT_FOUND');
const offerNotFound = () => new NotFoundError('Offer not found.', 'OFFER_NOT_FOUND');
const offerNotAccepted = () =>
  new ConflictError('Only an accepted offer can become an order.', 'OFFER_NOT_ACCEPTED');
const invalidTransition = (from: OrderStatus, to: OrderStatus) =>
  new ConflictError(`An order cannot go from ${from} to ${to}.`, 'INVALID_TRANSITION');
const alreadyFulfilled = () =>
  new ConflictError('This order was already turned into sales.', 'ORDER_ALREADY_FULFILLED');
const notFulfillable = () =>
  new ConflictError(
    'Only a paid, shipped or delivered sale order can be turned into sales.',
    'ORDER_NOT_FULFILLABLE',
  );

const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The partner sees the order but not the store's own notes. */
export function toOrder(record: OrderRecord, viewerRole: Role): Order {
  return { ...record, notes: viewerRole === 'store' ? record.notes : null, viewerRole };
}

function toSale(record: Sale & { storeUserId: string }): Sale {
  const { storeUserId: _store, ...sale } = record;
  return sale;
}

// ---------------------------------------------------------------- reads

async function findOrder(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
): Promise<{ record: OrderRecord; role: Role } | null> {
  const [own, link] = await Promise.all([
    deps.repo.getOrder(userId, orderId),
    deps.repo.getPartnerLink(userId, orderId),
  ]);
  if (own) return { record: own, role: 'store' };
  if (!link) return null;
  const record = await deps.repo.getOrder(link.storeUserId, orderId);
  return record ? { record, role: 'partner' } : null;
}

export async function getOrder(deps: OrdersDeps, actor: Actor, orderId: string): Promise<Order> {
  const user = requireUser(actor);
  const found = await findOrder(deps, user.userId, orderId);
  if (!found) throw orderNotFound();
  return toOrder(found.record, found.role);
}

export async function listOrders(
  deps: OrdersDeps,
  actor: Actor,
  query: { side?: Role | undefined; status?: OrderStatus | undefined } & PageRequest,
): Promise<Page<Order>> {
  const user = requireUser(actor);
  const page = { cursor: query.cursor, limit: query.limit };
  if (query.side === 'partner')
    return mapPage(await deps.repo.listPartnerOrders(user.userId, query.status, page), (r) =>
      toOrder(r, 'partner'),
    );
  return mapPage(await deps.repo.listStoreOrders(user.userId, query.status, page), (r) =>
    toOrder(r, 'store'),
  );
}

/** The public page: only the shared fields, by the unguessable share id. */
export async function getSharedOrder(deps: OrdersDeps, shareId: string): Promise<SharedOrder> {
  const share = await deps.repo.getShare(shareId);
  const record = share && (await deps.repo.getOrder(share.storeUserId, share.orderId));
  if (!record) throw orderNotFound();
  return toSharedOrder(record);
}

// ---------------------------------------------------------------- sale orders

/** What an Idempotency-Key remembers of a create: the order's id. */
const createdOrder = z.object({ id: z.string() });

async function replayOrder(deps: OrdersDeps, storeUserId: string, id: string): Promise<Order> {
  const record = await deps.repo.getOrder(storeUserId, id);
  if (!record) throw new Error('Order missing for its idempotency record');
  return toOrder(record, 'store');
}

/** A sale order for one of the store's clients; idempotent on the Idempotency-Key. */
export async function createOrder(
  deps: OrdersDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: OrderCreateInput,
): Promise<{ order: Order; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `commerce.order#${user.userId}`,
    headers,
    request: input,
    now,
    result: createdOrder,
  });
  if (request.replay)
    return { order: await replayOrder(deps, user.userId, request.replay.id), created: false };

  const [client, store] = await Promise.all([
    deps.repo.getClient(user.userId, input.clientId),
    deps.repo.getStore(user.userId),
  ]);
  if (!client) throw clientNotFound();
  const at = now.toISOString();
  const lines: OrderLine[] = input.lines.map((line) => ({
    id: deps.ids.next(),
    productCatalogId: line.productCatalogId ?? null,
    productVariantId: line.productVariantId ?? null,
    itemId: null,
    sku: line.sku,
    name: line.name,
    brand: line.brand ?? '',
    colorway: line.colorway ?? '',
    imageUrl: line.imageUrl ?? null,
    size: line.size,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    unitCost: line.unitCost ?? null,
  }));
  const record: OrderRecord = {
    id: deps.ids.next(),
    kind: 'sale',
    status: 'pending',
    storeUserId: user.userId,
    storeBusinessName: store?.businessName ?? '',
    counterparty: {
      kind: 'client',
      clientId: client.id,
      userId: null,
      name: client.name,
      email: textOrNull(client.email),
    },
    lines,
    currency: input.currency ?? store?.currency ?? DEFAULT_CURRENCY,
    total: orderTotal(lines),
    notes: textOrNull(input.notes),
    shareId: deps.shareIds.next(),
    offerGroupId: null,
    anonymousOfferId: null,
    saleIds: [],
    fulfilledAt: null,
    createdAt: at,
    updatedAt: at,
  };
  const outcome = await deps.repo.createOrder(record, request.claim({ id: record.id }));
  if (outcome === 'duplicate')
    return { order: await replayOrder(deps, user.userId, (await request.winner()).id), created: false };
  return { order: toOrder(record, 'store'), created: true };
}

/** The store changes the status (shared rule; 409 INVALID_TRANSITION) or the notes; the partner cannot (404). */
export async function updateOrder(
  deps: OrdersDeps,
  actor: Actor,
  orderId: string,
  input: OrderUpdateInput,
): Promise<Order> {
  const user = requireWriter(actor);
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const order = await deps.repo.getOrder(user.userId, orderId);
    if (!order) throw orderNotFound();
    const fulfilled = order.fulfilledAt !== null;
    const status = input.status ?? order.status;
    if (status !== order.status && !canTransition(order.status, status, fulfilled))
      throw invalidTransition(order.status, status);
    const changes = {
      status,
      notes: input.notes === undefined ? order.notes : textOrNull(input.notes),
      updatedAt: deps.clock.now().toISOString(),
    };
    // Conditional on what was judged: a concurrent move or fulfilment makes it judged again.
    const outcome = await deps.repo.updateOrder(order, order.status, changes, !fulfilled);
    if (outcome === 'committed') return toOrder({ ...order, ...changes }, 'store');
  }
  throw new TransactionBusyError();
}

/**
 * A paid, shipped or delivered sale order becomes one sale per line (source `order`), once,
 * in one transaction with the order's fulfilment and a `Sale.Recorded` event per sale: the
 * client is emailed a confirmation per sale when it has an address. No stock is taken: an
 * order's lines are catalogue products, not inventory items.
 */
export async function fulfilOrder(
  deps: OrdersDeps,
  actor: Actor,
  orderId: string,
): Promise<{ order: Order; sales: Sale[] }> {
  const user = requireWriter(actor);
  const order = await deps.repo.getOrder(user.userId, orderId);
  if (!order) throw orderNotFound();
  if (order.fulfilledAt !== null) throw alreadyFulfilled();
  if (order.kind !== 'sale' || !FULFILLABLE_STATUSES.includes(order.status)) throw notFulfillable();
  if (order.lines.length > FULFIL_LINES_MAX)
    throw new BadRequestError(
      'ORDER_TOO_LARGE_TO_FULFIL',
      `An order of more than ${FULFIL_LINES_MAX} lines cannot be turned into sales at once.`,
    );

  const store = await deps.repo.getStore(user.userId);
  const now = deps.clock.now();
  const clientEmail = order.counterparty.email ?? '';
  const confirmationQueued = queuesConfirmation(clientEmail, true);
  const sales = order.lines.map((line) =>
    buildSale({
      storeUserId: user.userId,
      id: deps.ids.next(),
      now,
      source: 'order',
      orderId: order.id,
      product: {
        productCatalogId: line.productCatalogId,
        sku: line.sku,
        name: line.name,
        brand: line.brand,
        colorway: line.colorway,
        imageUrl: line.imageUrl,
      },
      size: line.size,
      quantity: line.quantity,
      salePrice: line.unitPrice * line.quantity,
      purchasePrice: (line.unitCost ?? 0) * line.quantity,
      currency: order.currency,
      buyer: { clientId: order.counterparty.clientId, buyerName: order.counterparty.name },
      confirmationQueued,
    }),
  );
  const events = sales.map((sale) =>
    saleRecordedEvent(sale, { eventId: deps.ids.next(), clientEmail, notifyClient: true, store }),
  );
  const at = now.toISOString();
  const fulfilled: OrderRecord = {
    ...order,
    saleIds: sales.map((s) => s.id),
    fulfilledAt: at,
    updatedAt: at,
  };
  const outcome = await deps.repo.fulfilOrder(fulfilled, order.status, sales, events);
  if (outcome === 'stale') {
    const current = await deps.repo.getOrder(user.userId, orderId);
    if (current?.fulfilledAt) throw alreadyFulfilled();
    if (!current || !FULFILLABLE_STATUSES.includes(current.status)) throw notFulfillable();
    throw new TransactionBusyError();
  }
  return { order: toOrder(fulfilled, 'store'), sales: sales.map(toSale) };
}

// ---------------------------------------------------------------- from an accepted offer

interface LineDraft {
  itemId: string;
  size: string;
  quantity: number;
  unitPrice: number;
  /** What the offer recorded of the item, used when the item is gone. */
  itemName: string;
  itemSku: string;
  itemImageUrl: string | null;
}

/** What was agreed, whichever kind of offer it was. */
interface Deal {
  offerKey: string;
  listType: 'wtb' | 'wtc';
  currency: Currency | null;
  counterparty: Order['counterparty'];
  partnerUserId: string | null;
  offerGroupId: string | null;
  anonymousOfferId: string | null;
  /** Null when nothing was accepted. */
  drafts: LineDraft[] | null;
}

async function signedInDeal(deps: OrdersDeps, storeUserId: string, offerId: string): Promise<Deal> {
  const offer = await deps.repo.getOffer(offerId);
  // Only the list owner turns an offer into its order; anyone else learns nothing.
  if (!offer || offer.storeUserId !== storeUserId) throw offerNotFound();
  const others = offer.groupOfferIds.filter((id) => id !== offer.id);
  const group = [offer, ...(await deps.repo.getOffers(others))];
  const position = new Map(offer.groupOfferIds.map((id, i) => [id, i]));
  group.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const accepted = group.filter((line) => line.status === 'accepted' && line.storeUserId === storeUserId);
  return {
    offerKey: `offer#${offer.groupId}`,
    listType: offer.listType,
    currency: offer.currency,
    counterparty: {
      kind: 'user',
      clientId: null,
      userId: offer.resellerUserId,
      name: offer.senderBusinessName,
      email: null,
    },
    partnerUserId: offer.resellerUserId,
    offerGroupId: offer.groupId,
    anonymousOfferId: null,
    drafts:
      accepted.length === 0
        ? null
        : accepted.map((line) => ({
            itemId: line.itemId,
            size: line.size,
            quantity: line.quantity,
            // A countered line was accepted at the counter (shared/src/rules/offer-price.ts).
            unitPrice: line.counterPrice ?? line.offeredPrice,
            itemName: line.itemName,
            itemSku: line.itemSku,
            itemImageUrl: line.itemImageUrl,
          })),
  };
}

async function anonymousDeal(deps: OrdersDeps, storeUserId: string, id: string): Promise<Deal> {
  const offer = await deps.repo.getAnonymousOffer(storeUserId, id);
  if (!offer) throw offerNotFound();
  const drafts = offer.lines.map((line) => ({
    itemId: line.targetItemId,
    size: line.size,
    quantity: line.quantity,
    offeredPrice: line.offeredPrice,
    unitPrice: line.offeredPrice,
    itemName: line.itemName,
    itemSku: line.itemSku,
    itemImageUrl: null,
  }));
  const priced =
    offer.counterPrice === null
      ? drafts
      : spreadTotal(drafts, offer.counterPrice).map(({ draft, quantity, unitPrice }) => ({
          ...draft,
          quantity,
          unitPrice,
        }));
  return {
    offerKey: `anonymous#${offer.id}`,
    listType: offer.listType,
    currency: offer.currency,
    counterparty: {
      kind: 'contact',
      clientId: null,
      userId: null,
      name: offer.contactName,
      email: offer.contactEmail,
    },
    partnerUserId: null,
    offerGroupId: null,
    anonymousOfferId: offer.id,
    drafts: offer.status === 'accepted' ? priced.map(({ offeredPrice: _offered, ...draft }) => draft) : null,
  };
}

/**
 * The bought sizes leave the list: each item loses the sizes of its lines. An item that is
 * gone, sold or no longer holds the size is left alone; the deal was agreed, so the order
 * is made all the same.
 */
export function takeBoughtSizes(items: readonly Item[], drafts: readonly LineDraft[], now: Date): ItemTake[] {
  return items.flatMap((item) => {
    let next = item;
    for (const draft of drafts) {
      if (draft.itemId !== item.id) continue;
      const outcome = takeSize(next, draft.size, now);
      if (outcome.ok) next = outcome.next;
    }
    return next === item ? [] : [{ next, beforeUpdatedAt: item.updatedAt }];
  });
}

function orderLinesOf(
  drafts: readonly LineDraft[],
  items: ReadonlyMap<string, Item>,
  ids: OrdersDeps['ids'],
) {
  return drafts.map((draft): OrderLine => {
    const item = items.get(draft.itemId);
    return {
      id: ids.next(),
      productCatalogId: item?.productCatalogId ?? null,
      productVariantId: item?.productVariantId ?? null,
      itemId: draft.itemId,
      sku: item?.sku ?? draft.itemSku,
      name: item?.name ?? draft.itemName,
      brand: item?.brand ?? '',
      colorway: item?.colorway ?? '',
      imageUrl: item ? item.imageUrl : draft.itemImageUrl,
      size: draft.size,
      quantity: draft.quantity,
      unitPrice: draft.unitPrice,
      unitCost: null,
    };
  });
}

async function claimedOrder(deps: OrdersDeps, storeUserId: string, offerKey: string): Promise<Order | null> {
  const orderId = await deps.repo.getClaim(storeUserId, offerKey);
  return orderId ? replayOrder(deps, storeUserId, orderId) : null;
}

/**
 * The list owner turns an accepted offer into a purchase order, prefilled with the agreed
 * lines and prices, in one transaction with the bought sizes leaving the list. Once per
 * offer: a repeat answers the same order (`created: false`).
 */
export async function createOrderFromOffer(
  deps: OrdersDeps,
  actor: Actor,
  input: FromOfferInput,
): Promise<{ order: Order; created: boolean }> {
  const user = requireWriter(actor);
  const deal =
    'offerId' in input
      ? await signedInDeal(deps, user.userId, input.offerId)
      : await anonymousDeal(deps, user.userId, input.anonymousOfferId);
  const existing = await claimedOrder(deps, user.userId, deal.offerKey);
  if (existing) return { order: existing, created: false };
  const drafts = deal.drafts;
  if (!drafts) throw offerNotAccepted();

  const store: StoreProfile | null = await deps.repo.getStore(user.userId);
  const itemIds = [...new Set(drafts.map((d) => d.itemId))];
  for (let attempt = 0; attempt < FROM_OFFER_ATTEMPTS; attempt++) {
    const now = deps.clock.now();
    const at = now.toISOString();
    const items = await deps.repo.getItems(user.userId, deal.listType, itemIds);
    const lines = orderLinesOf(drafts, new Map(items.map((i) => [i.id, i])), deps.ids);
    const record: OrderRecord = {
      id: deps.ids.next(),
      kind: 'purchase',
      status: 'pending',
      storeUserId: user.userId,
      storeBusinessName: store?.businessName ?? '',
      counterparty: deal.counterparty,
      lines,
      currency: deal.currency ?? store?.currency ?? DEFAULT_CURRENCY,
      total: orderTotal(lines),
      notes: null,
      shareId: deps.shareIds.next(),
      offerGroupId: deal.offerGroupId,
      anonymousOfferId: deal.anonymousOfferId,
      saleIds: [],
      fulfilledAt: null,
      createdAt: at,
      updatedAt: at,
    };
    const takes = takeBoughtSizes(items, drafts, now);
    const outcome = await deps.repo.createOrderFromOffer(record, deal.offerKey, deal.partnerUserId, takes);
    if (outcome === 'committed') return { order: toOrder(record, 'store'), created: true };
    if (outcome === 'claimed') {
      const winner = await claimedOrder(deps, user.userId, deal.offerKey);
      if (!winner) throw new Error('Offer claim without its order');
      return { order: winner, created: false };
    }
    // 'stale': an item changed since it was read (a sale, an edit); read it again.
  }
  throw new TransactionBusyError();
}
