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
import type { Sale } from '@sneakers/shared/contracts/sales';
import { BadRequestError, ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import { canTransition, FULFILLABLE_STATUSES } from '@sneakers/shared/rules/order-transitions';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import { buildEvent, orderUpdated } from '@sneakers/events';
import { buildSale, queuesConfirmation, saleRecordedEvent, toSale } from '../sales/sale-record';
import { toSharedOrder } from './lines';
import { buildOrder, storedOrder, toOrder, type ViewerRole } from './order-record';
import type { OrderRecord, OrdersDeps } from './ports';

/**
 * Orders (docs/product/commerce.md#orders): a sale order is the store's, for one of its
 * clients, and becomes sales when fulfilled; the store and the partner read orders, and
 * anyone with its share id reads the shareable page. Purchase orders made from accepted
 * offers are ../offer-orders. Every record is keyed by the verified caller.
 */
export type OrderCreateInput = z.output<typeof orderCreateSchema>;
export type OrderUpdateInput = z.output<typeof orderUpdateSchema>;

/**
 * A fulfilment is one transaction of at most 100 items: the order, one sale and one outbox
 * event per line (the outbox holds one event per row), so 49 lines is the most that fits.
 */
export const FULFIL_LINES_MAX = 49;
const UPDATE_ATTEMPTS = 2;

const orderNotFound = () => new NotFoundError('Order not found.', 'ORDER_NOT_FOUND');
const clientNotFound = () => new NotFoundError('Client not found.', 'CLIENT_NOT_FOUND');
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

// ---------------------------------------------------------------- reads

async function findOrder(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
): Promise<{ record: OrderRecord; role: ViewerRole } | null> {
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
  query: { side?: ViewerRole | undefined; status?: OrderStatus | undefined } & PageRequest,
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
    return { order: await storedOrder(deps.repo, user.userId, request.replay.id), created: false };

  const [client, store] = await Promise.all([
    deps.repo.getClient(user.userId, input.clientId),
    deps.repo.getStore(user.userId),
  ]);
  if (!client) throw clientNotFound();
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
  const record = buildOrder({
    id: deps.ids.next(),
    kind: 'sale',
    storeUserId: user.userId,
    store,
    counterparty: {
      kind: 'client',
      clientId: client.id,
      userId: null,
      name: client.name,
      email: textOrNull(client.email),
    },
    lines,
    currency: input.currency,
    notes: textOrNull(input.notes),
    shareId: deps.shareIds.next(),
    offerGroupId: null,
    anonymousOfferId: null,
    at: now.toISOString(),
  });
  const outcome = await deps.repo.createOrder(record, request.claim({ id: record.id }));
  if (outcome === 'duplicate')
    return {
      order: await storedOrder(deps.repo, user.userId, (await request.winner()).id),
      created: false,
    };
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
    const event = buildEvent(
      orderUpdated,
      {
        orderId: order.id,
        storeUserId: order.storeUserId,
        kind: order.kind,
        status,
        previousStatus: order.status,
        total: order.total,
        currency: order.currency,
        updatedAt: changes.updatedAt,
      },
      { eventId: deps.ids.next(), occurredAt: changes.updatedAt },
    );
    const outcome = await deps.repo.updateOrder(order, order.status, changes, !fulfilled, event);
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
