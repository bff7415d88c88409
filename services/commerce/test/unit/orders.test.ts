import fc from 'fast-check';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { fixedClock } from '@sneakers/shared/clock';
import type { Item } from '@sneakers/shared/contracts/lists';
import type { OrderLine, OrderStatus } from '@sneakers/shared/contracts/orders';
import { sequenceIds } from '@sneakers/shared/ids';
import type { StoredIdempotency } from '@sneakers/shared/idempotency/idempotency';
import { createOrderFromOffer, takeBoughtSizes } from '../../src/offer-orders/domain';
import type {
  ItemTake,
  OfferLineRecord,
  OfferOrdersDeps,
  OfferOrdersRepository,
} from '../../src/offer-orders/ports';
import { fulfilOrder, FULFIL_LINES_MAX, updateOrder } from '../../src/orders/domain';
import { orderTotal, spreadTotal, toSharedOrder } from '../../src/orders/lines';
import { toOrder } from '../../src/orders/order-record';
import type { OrderRecord, OrdersDeps, OrdersRepository } from '../../src/orders/ports';
import { listItem } from './items';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const store: Actor = { kind: 'user', userId: 'store-1', isSuperuser: false, isDemo: false };
const reseller: Actor = { kind: 'user', userId: 'reseller-1', isSuperuser: false, isDemo: false };

function item(extra: Partial<Item> = {}): Item {
  return listItem({
    listType: 'wtb',
    status: 'pending',
    visibility: 'public',
    productCatalogId: 'prod-1',
    sizes: ['9', '10'],
    targetPrice: 12000,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  });
}

function offerLine(extra: Partial<OfferLineRecord> = {}): OfferLineRecord {
  return {
    id: 'offer-1',
    groupId: 'offer-1',
    groupOfferIds: ['offer-1', 'offer-2'],
    storeUserId: 'store-1',
    resellerUserId: 'reseller-1',
    listType: 'wtb',
    itemId: 'item-1',
    itemName: 'Dunk Low Panda',
    itemSku: 'DD1391-100',
    itemImageUrl: null,
    size: '10',
    quantity: 1,
    offeredPrice: 12000,
    counterPrice: null,
    currency: 'EUR',
    status: 'accepted',
    expiresAt: '2026-03-08T10:00:00.000Z',
    senderBusinessName: 'Seller Co',
    ...extra,
  };
}

function saleOrder(extra: Partial<OrderRecord> = {}, lineCount = 2): OrderRecord {
  const lines: OrderLine[] = Array.from({ length: lineCount }, (_, i) => ({
    id: `line-${i}`,
    productCatalogId: null,
    productVariantId: null,
    itemId: null,
    sku: `SKU-${i}`,
    name: `Shoe ${i}`,
    brand: 'Nike',
    colorway: '',
    imageUrl: null,
    size: '42',
    quantity: i + 1,
    unitPrice: 10000,
    unitCost: i === 0 ? 7000 : null,
  }));
  return {
    id: 'order-1',
    kind: 'sale',
    status: 'paid',
    storeUserId: 'store-1',
    storeBusinessName: 'Buyer Store',
    counterparty: {
      kind: 'client',
      clientId: 'client-1',
      userId: null,
      name: 'Lucia',
      email: 'lucia@example.com',
    },
    lines,
    currency: 'EUR',
    total: orderTotal(lines),
    notes: 'private',
    shareId: 'share-share-share-share',
    offerGroupId: null,
    anonymousOfferId: null,
    saleIds: [],
    fulfilledAt: null,
    channel: 'dashboard',
    buyer: null,
    paymentReference: null,
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    ...extra,
  };
}

/** An in-memory repository: enough of DynamoDB's conditions to exercise the use cases' retries. */
function memory(init: { offers?: OfferLineRecord[]; items?: Item[]; orders?: OrderRecord[] } = {}) {
  const orders = new Map((init.orders ?? []).map((o) => [`${o.storeUserId}#${o.id}`, o]));
  const items = new Map((init.items ?? []).map((i) => [i.id, i]));
  const claims = new Map<string, string>();
  const links = new Map<string, string>();
  const calls = { fromOffer: 0, fulfil: [] as number[], events: [] as OutboxEvent[] };
  /** Runs before each from-offer write: lets a test change an item "concurrently". */
  let beforeWrite: (() => void) | null = null;
  const repo: OrdersRepository & OfferOrdersRepository = {
    getStore: async () => ({ businessName: 'Buyer Store', currency: 'EUR', language: 'en' }),
    getClient: async () => null,
    createOrder: async () => 'committed',
    getOrder: async (storeUserId, id) => orders.get(`${storeUserId}#${id}`) ?? null,
    getPartnerLink: async (partner, orderId) => {
      const owner = links.get(`${partner}#${orderId}`);
      return owner ? { storeUserId: owner } : null;
    },
    getShare: async () => null,
    listStoreOrders: async () => ({ items: [], cursor: null }),
    listPartnerOrders: async () => ({ items: [], cursor: null }),
    async updateOrder(order, from, changes, unfulfilled, event) {
      const current = orders.get(`${order.storeUserId}#${order.id}`);
      if (!current || current.status !== from || (unfulfilled && current.fulfilledAt)) return 'stale';
      orders.set(`${order.storeUserId}#${order.id}`, { ...current, ...changes });
      calls.events.push(event);
      return 'committed';
    },
    async fulfilOrder(order, from, sales, events) {
      calls.fulfil.push(1 + sales.length + events.length);
      const current = orders.get(`${order.storeUserId}#${order.id}`);
      if (!current || current.status !== from || current.fulfilledAt) return 'stale';
      orders.set(`${order.storeUserId}#${order.id}`, order);
      return 'committed';
    },
    getOffer: async (id) => (init.offers ?? []).find((o) => o.id === id) ?? null,
    getOffers: async (ids) => (init.offers ?? []).filter((o) => ids.includes(o.id)),
    getAnonymousOffer: async () => null,
    getItems: async (_store, _type, ids) => ids.flatMap((id) => (items.has(id) ? [items.get(id)!] : [])),
    getClaim: async (storeUserId, offerKey) => claims.get(`${storeUserId}#${offerKey}`) ?? null,
    async createOrderFromOffer(order, offerKey, partner, takes: ItemTake[]) {
      calls.fromOffer++;
      beforeWrite?.();
      beforeWrite = null;
      if (claims.has(`${order.storeUserId}#${offerKey}`)) return 'claimed';
      if (takes.some((t) => items.get(t.next.id)?.updatedAt !== t.beforeUpdatedAt)) return 'stale';
      for (const t of takes) items.set(t.next.id, t.next);
      claims.set(`${order.storeUserId}#${offerKey}`, order.id);
      orders.set(`${order.storeUserId}#${order.id}`, order);
      if (partner) links.set(`${partner}#${order.id}`, order.storeUserId);
      return 'committed';
    },
  };
  const deps: OrdersDeps & OfferOrdersDeps = {
    repo,
    idempotency: { get: async (): Promise<StoredIdempotency | null> => null },
    clock: fixedClock(NOW),
    ids: sequenceIds('id'),
    shareIds: sequenceIds('share'),
  };
  return {
    deps,
    items,
    orders,
    calls,
    setBeforeWrite: (f: () => void) => {
      beforeWrite = f;
    },
  };
}

describe('spreading an anonymous counter over its lines', () => {
  it('adds up to the agreed total exactly, never below zero, each draft keeping its pairs', () => {
    const drafts = fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 9 }),
        offeredPrice: fc.integer({ min: 1, max: 500_000 }),
      }),
      { minLength: 1, maxLength: 50 },
    );
    fc.assert(
      fc.property(drafts, fc.integer({ min: 0, max: 10_000_000 }), (lines, total) => {
        const spread = spreadTotal(lines, total);
        expect(orderTotal(spread)).toBe(total);
        expect(spread.every((p) => p.unitPrice >= 0 && p.quantity > 0)).toBe(true);
        for (const line of lines)
          expect(spread.filter((p) => p.draft === line).reduce((n, p) => n + p.quantity, 0)).toBe(
            line.quantity,
          );
      }),
    );
  });

  it('splits a line only when its share does not divide by its pairs', () => {
    const a = { quantity: 1, offeredPrice: 10000 };
    const b = { quantity: 2, offeredPrice: 5000 };
    expect(spreadTotal([a, b], 18000).map((p) => [p.quantity, p.unitPrice])).toEqual([
      [1, 9000],
      [2, 4500],
    ]);
    expect(spreadTotal([a, b], 18001).map((p) => [p.quantity, p.unitPrice])).toEqual([
      [1, 9001],
      [2, 4500],
    ]);
    expect(spreadTotal([b], 9001).map((p) => [p.quantity, p.unitPrice])).toEqual([
      [1, 4500],
      [1, 4501],
    ]);
  });
});

describe('what an order shows', () => {
  it('the shared page carries no contact, notes, costs or ids', () => {
    const shared = toSharedOrder(saleOrder());
    const json = JSON.stringify(shared);
    for (const secret of [
      'lucia@example.com',
      'Lucia',
      'private',
      'client-1',
      'order-1',
      'line-0',
      'unitCost',
      'share-',
    ])
      expect(json).not.toContain(secret);
    expect(shared.total).toBe(10000 + 2 * 10000);
  });

  it('the partner does not see the store’s notes', () => {
    expect(toOrder(saleOrder(), 'partner').notes).toBeNull();
    expect(toOrder(saleOrder(), 'store').notes).toBe('private');
  });
});

describe('taking the bought sizes off the list', () => {
  it('removes each bought size once per item and marks an emptied item sold', () => {
    const draft = (itemId: string, size: string) => ({
      itemId,
      size,
      quantity: 1,
      unitPrice: 100,
      itemName: '',
      itemSku: '',
      itemImageUrl: null,
    });
    const takes = takeBoughtSizes(
      [item(), item({ id: 'item-2', sizes: ['42'] })],
      [draft('item-1', '10'), draft('item-2', '42'), draft('item-1', ' 9 ')],
      NOW,
    );
    expect(takes.map((t) => [t.next.id, t.next.sizes, t.next.status, t.beforeUpdatedAt])).toEqual([
      ['item-1', ['9'], 'sold', '2026-01-01T00:00:00.000Z'],
      ['item-2', ['42'], 'sold', '2026-01-01T00:00:00.000Z'],
    ]);
  });

  it('leaves alone an item that no longer holds the size or is sold', () => {
    const draft = {
      itemId: 'item-1',
      size: '11',
      quantity: 1,
      unitPrice: 1,
      itemName: '',
      itemSku: '',
      itemImageUrl: null,
    };
    expect(takeBoughtSizes([item()], [draft], NOW)).toEqual([]);
    expect(takeBoughtSizes([item({ status: 'sold' })], [{ ...draft, size: '10' }], NOW)).toEqual([]);
  });
});

describe('an order from an accepted offer', () => {
  it('orders the accepted lines at the agreed price, with the item’s details', async () => {
    const m = memory({
      offers: [offerLine(), offerLine({ id: 'offer-2', size: '9', offeredPrice: 9000, counterPrice: 9500 })],
      items: [item()],
    });
    const { order, created } = await createOrderFromOffer(m.deps, store, { offerId: 'offer-2' });
    expect(created).toBe(true);
    expect(order.lines.map((l) => [l.size, l.unitPrice, l.productCatalogId, l.brand])).toEqual([
      ['10', 12000, 'prod-1', 'Nike'],
      ['9', 9500, 'prod-1', 'Nike'],
    ]);
    expect(order.total).toBe(21500);
    expect(m.items.get('item-1')).toMatchObject({ sizes: ['9'], status: 'sold' });
  });

  it('skips lines not accepted, and refuses when none is', async () => {
    const m = memory({
      offers: [offerLine(), offerLine({ id: 'offer-2', status: 'declined' })],
      items: [item()],
    });
    expect((await createOrderFromOffer(m.deps, store, { offerId: 'offer-1' })).order.lines).toHaveLength(1);
    const none = memory({ offers: [offerLine({ status: 'countered' })] });
    await expect(createOrderFromOffer(none.deps, store, { offerId: 'offer-1' })).rejects.toMatchObject({
      status: 409,
      code: 'OFFER_NOT_ACCEPTED',
    });
  });

  it('waits until no line of the offer waits for an answer, so it takes the agreed total', async () => {
    const open = memory({
      offers: [offerLine(), offerLine({ id: 'offer-2', status: 'countered', counterPrice: 9500 })],
      items: [item()],
    });
    await expect(createOrderFromOffer(open.deps, store, { offerId: 'offer-1' })).rejects.toMatchObject({
      status: 409,
      code: 'OFFER_STILL_OPEN',
    });
    // A counter left unanswered past its expiry left the deal: the accepted line is ordered.
    const lapsed = memory({
      offers: [
        offerLine(),
        offerLine({
          id: 'offer-2',
          status: 'countered',
          counterPrice: 9500,
          expiresAt: '2026-03-01T09:00:00.000Z',
        }),
      ],
      items: [item()],
    });
    const { order } = await createOrderFromOffer(lapsed.deps, store, { offerId: 'offer-1' });
    expect(order.total).toBe(12000);
  });

  it('is the list owner’s alone', async () => {
    const m = memory({ offers: [offerLine()] });
    await expect(createOrderFromOffer(m.deps, reseller, { offerId: 'offer-1' })).rejects.toMatchObject({
      status: 404,
      code: 'OFFER_NOT_FOUND',
    });
  });

  it('still orders an item that is gone, from what the offer recorded', async () => {
    const m = memory({
      offers: [offerLine({ groupOfferIds: ['offer-1'], itemImageUrl: 'https://x/y.png' })],
    });
    const { order } = await createOrderFromOffer(m.deps, store, { offerId: 'offer-1' });
    expect(order.lines[0]).toMatchObject({
      name: 'Dunk Low Panda',
      sku: 'DD1391-100',
      imageUrl: 'https://x/y.png',
    });
  });

  it('reads the item again when it changed meanwhile, and answers the same order on a repeat', async () => {
    const m = memory({ offers: [offerLine({ groupOfferIds: ['offer-1'] })], items: [item()] });
    m.setBeforeWrite(() =>
      m.items.set('item-1', item({ sizes: ['10'], updatedAt: '2026-02-01T00:00:00.000Z' })),
    );
    const first = await createOrderFromOffer(m.deps, store, { offerId: 'offer-1' });
    expect(m.calls.fromOffer).toBe(2);
    expect(m.items.get('item-1')).toMatchObject({ sizes: ['10'], status: 'sold' });
    const again = await createOrderFromOffer(m.deps, store, { offerId: 'offer-1' });
    expect([again.created, again.order.id]).toEqual([false, first.order.id]);
  });
});

describe('order status and fulfilment', () => {
  const update = (m: ReturnType<typeof memory>, status: OrderStatus) =>
    updateOrder(m.deps, store, 'order-1', { status });

  it('moves by the shared rule and answers 409 INVALID_TRANSITION otherwise', async () => {
    const m = memory({ orders: [saleOrder({ status: 'pending' })] });
    await expect(update(m, 'delivered')).rejects.toMatchObject({ status: 409, code: 'INVALID_TRANSITION' });
    expect((await update(m, 'paid')).status).toBe('paid');
  });

  it('publishes Order.Updated with the update (the order.updated webhook)', async () => {
    const m = memory({ orders: [saleOrder({ status: 'pending' })] });
    await update(m, 'paid');
    expect(m.calls.events).toEqual([
      expect.objectContaining({
        detailType: 'Order.Updated',
        detail: expect.objectContaining({
          data: expect.objectContaining({ orderId: 'order-1', status: 'paid', previousStatus: 'pending' }),
        }),
      }),
    ]);
  });

  it('fulfils once, within one transaction of at most 100 items', async () => {
    const m = memory({ orders: [saleOrder({}, FULFIL_LINES_MAX)] });
    const { sales, order } = await fulfilOrder(m.deps, store, 'order-1');
    expect(sales).toHaveLength(FULFIL_LINES_MAX);
    expect(m.calls.fulfil[0]).toBeLessThanOrEqual(100);
    expect(sales[0]).toMatchObject({
      source: 'order',
      orderId: 'order-1',
      salePrice: 10000,
      purchasePrice: 7000,
    });
    expect(sales[1]).toMatchObject({ quantity: 2, salePrice: 20000, purchasePrice: 0, profit: 20000 });
    expect(order.saleIds).toEqual(sales.map((s) => s.id));
    await expect(fulfilOrder(m.deps, store, 'order-1')).rejects.toMatchObject({
      code: 'ORDER_ALREADY_FULFILLED',
    });
  });

  it('refuses pending, cancelled and purchase orders, and orders too large for one transaction', async () => {
    for (const order of [
      saleOrder({ status: 'pending' }),
      saleOrder({ status: 'cancelled' }),
      saleOrder({ kind: 'purchase' }),
    ]) {
      const m = memory({ orders: [order] });
      await expect(fulfilOrder(m.deps, store, 'order-1')).rejects.toMatchObject({
        code: 'ORDER_NOT_FULFILLABLE',
      });
    }
    const large = memory({ orders: [saleOrder({}, FULFIL_LINES_MAX + 1)] });
    await expect(fulfilOrder(large.deps, store, 'order-1')).rejects.toMatchObject({
      status: 400,
      code: 'ORDER_TOO_LARGE_TO_FULFIL',
    });
  });
});

describe('an order from an accepted storefront offer', () => {
  it('is refused: the pair is the store’s own stock, a sale and not a purchase', async () => {
    const m = memory({ items: [item()] });
    m.deps.repo.getAnonymousOffer = async (storeUserId, id) => ({
      storeUserId,
      id,
      listType: 'inventory',
      currency: 'EUR',
      contactName: 'Lucía',
      contactEmail: 'lucia@example.com',
      status: 'accepted',
      lines: [
        {
          targetItemId: 'item-1',
          itemName: 'Dunk',
          itemSku: 'DD1',
          size: '10',
          offeredPrice: 9000,
          quantity: 1,
        },
      ],
      counterPrice: null,
    });
    await expect(createOrderFromOffer(m.deps, store, { anonymousOfferId: 'anon-1' })).rejects.toMatchObject({
      status: 409,
      code: 'OFFER_NOT_ORDERABLE',
    });
    expect(m.calls.fromOffer).toBe(0);
    expect(m.items.get('item-1')).toMatchObject({ sizes: item().sizes });
  });
});
