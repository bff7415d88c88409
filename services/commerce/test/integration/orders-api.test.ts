import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@sneakers/shared/contracts/crm';
import { createItem, getPublicList } from '@sneakers/shared/contracts/lists';
import {
  createAnonymousOffer,
  createOffers,
  respondToAnonymousOffer,
  respondToOffer,
} from '@sneakers/shared/contracts/offers';
import {
  createOrder,
  createOrderFromOffer,
  fulfilOrder,
  getOrder,
  getSharedOrder,
  listOrders,
  updateOrder,
  type OrderCreate,
} from '@sneakers/shared/contracts/orders';
import { startDemoSession, type ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { api, raw, rejection } from '../../../../tests/support/cloud-client';
import { key, storeUser, type Store } from './support';

/** A trading member: reachable on Instagram, its WTB list public. */
const member = (businessName: string, flags: Partial<ProfileCreate> = {}) =>
  storeUser(businessName, {
    instagramHandle: 'kicks',
    preferredContact: 'instagram',
    publicWtbList: true,
    ...flags,
  });

/** A store with a public WTB list: a two-size item and a one-size item. */
async function storeWithList(name: string) {
  const store = await member(name);
  const { item: dunk } = await store.call(createItem, {
    body: {
      listType: 'wtb',
      sku: 'DD1391-100',
      name: 'Dunk Low Panda',
      brand: 'Nike',
      colorway: 'White/Black',
      sizes: ['9', '10'],
      visibility: 'public',
      status: 'pending',
      targetPrice: 12000,
    },
  });
  const { item: jordan } = await store.call(createItem, {
    body: {
      listType: 'wtb',
      sku: 'DZ5485-612',
      name: 'Air Jordan 1 Chicago',
      brand: 'Jordan',
      colorway: 'Varsity Red',
      sizes: ['42'],
      visibility: 'public',
      status: 'pending',
      targetPrice: 18000,
    },
  });
  return { ...store, dunk, jordan };
}

/** POST through the gateway, to see the status code the typed client hides. */
async function post(token: string, path: string, body: unknown) {
  const res = await raw(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { order: { id: string } } };
}

const publicList = (store: Store) =>
  api().call(getPublicList, { params: { userId: store.userId, listType: 'wtb' } });

let outsider: Store;
beforeAll(async () => {
  outsider = await member('Outsider');
});

describe('an accepted signed-in offer becomes a purchase order', () => {
  it('carries the agreed lines, takes the sizes off the public list and is seen by both sides, once', async () => {
    const store = await storeWithList('Buyer Store');
    const reseller = await member('Seller Co', { role: 'reseller', publicWtbList: false });
    const { offers } = await reseller.call(createOffers, {
      body: {
        listOwnerId: store.userId,
        listType: 'wtb',
        lines: [
          { itemId: store.dunk.id, size: '10', offeredPrice: 12000, quantity: 1 },
          { itemId: store.jordan.id, size: '42', offeredPrice: 9000, quantity: 1 },
        ],
      },
      idempotencyKey: key(),
    });
    const [dunkLine, jordanLine] = offers;

    // Not accepted yet: no order.
    expect(
      (await rejection(store.call(createOrderFromOffer, { body: { offerId: dunkLine!.id } }))).code,
    ).toBe('OFFER_NOT_ACCEPTED');

    await store.call(respondToOffer, {
      params: { offerId: dunkLine!.id },
      body: { action: 'accept' },
    });
    await store.call(respondToOffer, {
      params: { offerId: jordanLine!.id },
      body: { action: 'counter', price: 9500 },
    });
    await reseller.call(respondToOffer, {
      params: { offerId: jordanLine!.id },
      body: { action: 'accept' },
    });

    // Only the list owner may turn it into an order.
    for (const who of [reseller, outsider])
      expect(
        (await rejection(who.call(createOrderFromOffer, { body: { offerId: dunkLine!.id } }))).code,
      ).toBe('OFFER_NOT_FOUND');

    const first = await post(store.token, '/api/offer-orders', { offerId: dunkLine!.id });
    expect(first.status).toBe(201);
    const { order } = await store.call(getOrder, { params: { orderId: first.json.order.id } });
    expect(order).toMatchObject({
      kind: 'purchase',
      status: 'pending',
      storeBusinessName: 'Buyer Store',
      counterparty: { kind: 'user', userId: reseller.userId, name: 'Seller Co', clientId: null },
      currency: 'EUR',
      total: 12000 + 9500,
      offerGroupId: dunkLine!.groupId,
      anonymousOfferId: null,
      channel: 'offer',
      buyer: null,
      paymentReference: null,
      viewerRole: 'store',
    });
    expect(
      order.lines.map(({ itemId, sku, name, brand, size, quantity, unitPrice }) => ({
        itemId,
        sku,
        name,
        brand,
        size,
        quantity,
        unitPrice,
      })),
    ).toEqual([
      {
        itemId: store.dunk.id,
        sku: 'DD1391-100',
        name: 'Dunk Low Panda',
        brand: 'Nike',
        size: '10',
        quantity: 1,
        unitPrice: 12000,
      },
      {
        itemId: store.jordan.id,
        sku: 'DZ5485-612',
        name: 'Air Jordan 1 Chicago',
        brand: 'Jordan',
        size: '42',
        quantity: 1,
        unitPrice: 9500,
      },
    ]);

    // The bought sizes left the public list: the one-size item entirely.
    const { items } = await publicList(store);
    expect(items.map((i) => [i.id, i.sizes])).toEqual([[store.dunk.id, ['9']]]);

    // Once per offer group: any line of it answers the same order.
    const again = await post(store.token, '/api/offer-orders', { offerId: jordanLine!.id });
    expect(again.status).toBe(200);
    expect(again.json.order.id).toBe(order.id);

    // The partner sees it (without the store's notes) and cannot change it.
    await store.call(updateOrder, {
      params: { orderId: order.id },
      body: { notes: 'Pay on pick-up' },
    });
    const partnerList = await reseller.call(listOrders, { query: { side: 'partner' } });
    expect(partnerList.orders.map((o) => [o.id, o.viewerRole, o.notes])).toEqual([
      [order.id, 'partner', null],
    ]);
    const seen = await reseller.call(getOrder, { params: { orderId: order.id } });
    expect(seen.order).toMatchObject({ id: order.id, viewerRole: 'partner', total: 21500 });
    expect(
      (
        await rejection(
          reseller.call(updateOrder, { params: { orderId: order.id }, body: { status: 'paid' } }),
        )
      ).status,
    ).toBe(404);
    expect((await reseller.call(listOrders, {})).orders).toEqual([]);

    // Anyone else: not found.
    const stranger = await rejection(outsider.call(getOrder, { params: { orderId: order.id } }));
    expect([stranger.status, stranger.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect((await outsider.call(listOrders, { query: { side: 'partner' } })).orders).toEqual([]);
  });
});

describe('an order from a countered offer takes its agreed total (issue 25)', () => {
  it('waits while a counter is unanswered, then orders €125 + the accepted €215 = €340', async () => {
    const store = await storeWithList('Counter Store');
    const reseller = await member('Counter Seller', { role: 'reseller', publicWtbList: false });
    const { offers } = await reseller.call(createOffers, {
      body: {
        listOwnerId: store.userId,
        listType: 'wtb',
        lines: [
          { itemId: store.dunk.id, size: '10', offeredPrice: 12500, quantity: 1 },
          { itemId: store.jordan.id, size: '42', offeredPrice: 21000, quantity: 1 },
        ],
      },
      idempotencyKey: key(),
    });
    const [first, second] = offers;
    await store.call(respondToOffer, { params: { offerId: first!.id }, body: { action: 'accept' } });
    await store.call(respondToOffer, {
      params: { offerId: second!.id },
      body: { action: 'counter', price: 21500 },
    });

    // An order now would miss the counter's answer: refused, and nothing is claimed.
    const early = await rejection(store.call(createOrderFromOffer, { body: { offerId: first!.id } }));
    expect([early.status, early.code]).toEqual([409, 'OFFER_STILL_OPEN']);

    await reseller.call(respondToOffer, { params: { offerId: second!.id }, body: { action: 'accept' } });
    const made = await post(store.token, '/api/offer-orders', { offerId: first!.id });
    expect(made.status).toBe(201);
    const { order } = await store.call(getOrder, { params: { orderId: made.json.order.id } });
    expect(order.total).toBe(34000);
    expect(order.lines.map((l) => [l.size, l.unitPrice])).toEqual([
      ['10', 12500],
      ['42', 21500],
    ]);
  });
});

describe('an accepted anonymous offer becomes a purchase order', () => {
  it('spreads the counter over the lines to the cent and keeps the contact private on the shared page', async () => {
    const store = await storeWithList('Anon Buyer');
    const email = `pablo-${randomUUID()}@example.com`;
    const { offer } = await api().call(createAnonymousOffer, {
      body: {
        listOwnerId: store.userId,
        listType: 'wtb',
        lines: [
          { itemId: store.dunk.id, size: '9', offeredPrice: 10000, quantity: 1 },
          { itemId: store.jordan.id, size: '42', offeredPrice: 5000, quantity: 2 },
        ],
        contact: { name: 'Pablo', email, phone: '+34 611', instagram: '@pablo' },
      },
      idempotencyKey: key(),
    });
    await store.call(respondToAnonymousOffer, {
      params: { anonymousOfferId: offer.id },
      body: { action: 'counter', price: 18001 },
    });
    expect(
      (await rejection(store.call(createOrderFromOffer, { body: { anonymousOfferId: offer.id } }))).code,
    ).toBe('OFFER_NOT_ACCEPTED');
    await store.call(respondToAnonymousOffer, {
      params: { anonymousOfferId: offer.id },
      body: { action: 'accept' },
    });
    expect(
      (await rejection(outsider.call(createOrderFromOffer, { body: { anonymousOfferId: offer.id } }))).code,
    ).toBe('OFFER_NOT_FOUND');

    const first = await post(store.token, '/api/offer-orders', { anonymousOfferId: offer.id });
    expect(first.status).toBe(201);
    const { order } = await store.call(getOrder, { params: { orderId: first.json.order.id } });
    expect(order).toMatchObject({
      kind: 'purchase',
      counterparty: { kind: 'contact', name: 'Pablo', email, userId: null },
      anonymousOfferId: offer.id,
      total: 18001,
    });
    expect(order.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0)).toBe(18001);
    expect(order.lines.filter((l) => l.itemId === store.jordan.id).reduce((n, l) => n + l.quantity, 0)).toBe(
      2,
    );

    expect((await publicList(store)).items.map((i) => [i.id, i.sizes])).toEqual([[store.dunk.id, ['10']]]);
    const again = await post(store.token, '/api/offer-orders', { anonymousOfferId: offer.id });
    expect([again.status, again.json.order.id]).toEqual([200, order.id]);

    await store.call(updateOrder, { params: { orderId: order.id }, body: { notes: 'secret note' } });
    const shared = await raw(`/api/shared-orders/${order.shareId}`);
    expect(shared.status).toBe(200);
    const text = await shared.text();
    expect(text).not.toContain(email);
    expect(text).not.toContain('Pablo');
    expect(text).not.toContain('secret note');
    expect(text).not.toContain(order.id);
    const { order: page } = await api().call(getSharedOrder, { params: { shareId: order.shareId } });
    expect(page).toMatchObject({
      kind: 'purchase',
      status: 'pending',
      storeBusinessName: 'Anon Buyer',
      total: 18001,
    });
  });
});

describe('sale orders', () => {
  const lines: OrderCreate['lines'] = [
    {
      sku: 'DD1391-100',
      name: 'Dunk Low Panda',
      brand: 'Nike',
      size: '42',
      quantity: 2,
      unitPrice: 11000,
      unitCost: 8000,
    },
    { sku: 'FQ8138-002', name: 'Air Force 1', size: '43', quantity: 1, unitPrice: 9000 },
  ];

  it('walks the statuses, turns into sales once and shows nothing private on the shared page', async () => {
    const store = await member('Order Store');
    const clientEmail = `client-${randomUUID()}@example.com`;
    const { client } = await store.call(createClient, {
      body: { name: 'Lucia', email: clientEmail, phone: '+34 622' },
    });
    const body = { clientId: client.id, lines, notes: 'Deliver Friday' };

    expect((await rejection(store.call(createOrder, { body }))).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const idempotencyKey = key();
    const { order } = await store.call(createOrder, { body, idempotencyKey });
    expect(order).toMatchObject({
      kind: 'sale',
      status: 'pending',
      storeBusinessName: 'Order Store',
      counterparty: { kind: 'client', clientId: client.id, name: 'Lucia', email: clientEmail },
      total: 2 * 11000 + 9000,
      currency: 'EUR',
      notes: 'Deliver Friday',
      saleIds: [],
      fulfilledAt: null,
    });
    expect(order.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const replay = await store.call(createOrder, { body, idempotencyKey });
    expect(replay.order.id).toBe(order.id);
    expect((await store.call(listOrders, {})).orders.map((o) => o.id)).toEqual([order.id]);

    const orderId = { orderId: order.id };
    const refused = await rejection(
      store.call(updateOrder, { params: orderId, body: { status: 'shipped' } }),
    );
    expect([refused.status, refused.code]).toEqual([409, 'INVALID_TRANSITION']);
    expect((await rejection(store.call(fulfilOrder, { params: orderId }))).code).toBe(
      'ORDER_NOT_FULFILLABLE',
    );

    await store.call(updateOrder, { params: orderId, body: { status: 'paid' } });
    const fulfilled = await store.call(fulfilOrder, { params: orderId });
    expect(
      fulfilled.sales.map(
        ({
          source,
          orderId: of,
          sku,
          size,
          quantity,
          salePrice,
          purchasePrice,
          profit,
          clientId,
          buyerName,
        }) => ({
          source,
          of,
          sku,
          size,
          quantity,
          salePrice,
          purchasePrice,
          profit,
          clientId,
          buyerName,
        }),
      ),
    ).toEqual([
      {
        source: 'order',
        of: order.id,
        sku: 'DD1391-100',
        size: '42',
        quantity: 2,
        salePrice: 22000,
        purchasePrice: 16000,
        profit: 6000,
        clientId: client.id,
        buyerName: 'Lucia',
      },
      {
        source: 'order',
        of: order.id,
        sku: 'FQ8138-002',
        size: '43',
        quantity: 1,
        salePrice: 9000,
        purchasePrice: 0,
        profit: 9000,
        clientId: client.id,
        buyerName: 'Lucia',
      },
    ]);
    expect(fulfilled.order.saleIds).toEqual(fulfilled.sales.map((s) => s.id));
    expect(fulfilled.order.fulfilledAt).not.toBeNull();
    expect((await rejection(store.call(fulfilOrder, { params: orderId }))).code).toBe(
      'ORDER_ALREADY_FULFILLED',
    );
    // Its sales are recorded: a fulfilled order is not cancelled.
    expect(
      (await rejection(store.call(updateOrder, { params: orderId, body: { status: 'cancelled' } }))).code,
    ).toBe('INVALID_TRANSITION');

    await store.call(updateOrder, { params: orderId, body: { status: 'shipped' } });
    const delivered = await store.call(updateOrder, {
      params: orderId,
      body: { status: 'delivered', notes: null },
    });
    expect(delivered.order).toMatchObject({
      status: 'delivered',
      notes: null,
      saleIds: fulfilled.order.saleIds,
    });
    expect(
      (await rejection(store.call(updateOrder, { params: orderId, body: { status: 'pending' } }))).code,
    ).toBe('INVALID_TRANSITION');
    expect(
      (await store.call(listOrders, { query: { status: 'delivered' } })).orders.map((o) => o.id),
    ).toEqual([order.id]);
    expect((await store.call(listOrders, { query: { status: 'pending' } })).orders).toEqual([]);

    const shared = await raw(`/api/shared-orders/${order.shareId}`);
    const text = await shared.text();
    expect(text).not.toContain(clientEmail);
    expect(text).not.toContain('Lucia');
    expect(text).not.toContain('unitCost');
    expect(JSON.parse(text)).toMatchObject({
      order: { status: 'delivered', total: 31000, storeBusinessName: 'Order Store' },
    });
    const unknown = await rejection(api().call(getSharedOrder, { params: { shareId: 'A'.repeat(22) } }));
    expect([unknown.status, unknown.code]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it('keeps every order in its store: another store reads, changes and fulfils none, nor uses its clients', async () => {
    const store = await member('Tenant Store');
    const { client } = await store.call(createClient, {
      body: { name: 'Marta', email: `marta-${randomUUID()}@example.com`, phone: '+34 633' },
    });
    const { order } = await store.call(createOrder, {
      body: { clientId: client.id, lines },
      idempotencyKey: key(),
    });
    const orderId = { orderId: order.id };
    for (const call of [
      () => outsider.call(getOrder, { params: orderId }),
      () => outsider.call(updateOrder, { params: orderId, body: { status: 'paid' } }),
      () => outsider.call(fulfilOrder, { params: orderId }),
    ])
      expect((await rejection(call())).code).toBe('ORDER_NOT_FOUND');
    const foreignClient = await rejection(
      outsider.call(createOrder, { body: { clientId: client.id, lines }, idempotencyKey: key() }),
    );
    expect([foreignClient.status, foreignClient.code]).toEqual([404, 'CLIENT_NOT_FOUND']);
    expect((await outsider.call(listOrders, {})).orders.map((o) => o.id)).not.toContain(order.id);
    expect((await store.call(getOrder, { params: orderId })).order.status).toBe('pending');
  });

  it('lets the demo read but never write', async () => {
    const demo = api((await api().call(startDemoSession, {})).accessToken);
    await demo.call(listOrders, {});
    const writes = [
      () => demo.call(createOrder, { body: { clientId: 'c', lines }, idempotencyKey: key() }),
      () => demo.call(createOrderFromOffer, { body: { offerId: 'o' } }),
      () => demo.call(updateOrder, { params: { orderId: 'x' }, body: { status: 'paid' } }),
      () => demo.call(fulfilOrder, { params: { orderId: 'x' } }),
    ];
    for (const write of writes) {
      const error = await rejection(write());
      expect([error.status, error.code]).toEqual([403, 'DEMO_MODE']);
    }
  });
});
