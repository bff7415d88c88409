import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, storefrontCheckoutPaid } from '@sneakers/events';
import { createItem, getMyItem } from '@sneakers/shared/contracts/lists';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { getSharedOrder, listOrders } from '@sneakers/shared/contracts/orders';
import { createWebhookEndpoint, listWebhookDeliveries } from '@sneakers/shared/contracts/webhooks';
import { ulid } from '@sneakers/shared/ids';
import { Service } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { api, mailTo, pipelineAtRest, poll } from '../../../../tests/support/cloud-client';
import { startReceiver } from '../../../../tests/support/webhook-receiver';
import { db, storeUser, table, type Store } from './support';

/**
 * Issue 28, the paid order (docs/product/commerce.md#online-orders): a Storefront.CheckoutPaid,
 * published as the storefront's consumer writes it (an outbox row the stream relays to the
 * bus), becomes one paid order with the pair taken from the item, the buyer's confirmation
 * email, the store's notification and an `order.created` webhook delivery; the same checkout
 * again makes nothing new.
 */
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function publishPaid(data: Parameters<typeof buildEvent<typeof storefrontCheckoutPaid.data>>[1]) {
  const { outbox } = new Service({ outbox: outboxEntity }, { client: db(), table }).entities;
  const event = buildEvent(storefrontCheckoutPaid, data, {
    eventId: `storefront-paid-${randomUUID()}`,
    occurredAt: new Date().toISOString(),
  });
  await outbox.create(outboxItem(event)).go();
}

const paidCheckout = (store: Store, itemId: string, checkoutId: string, buyerEmail: string) => ({
  checkoutId,
  storeUserId: store.userId,
  productId: `p-${randomUUID()}`,
  itemId,
  listType: 'inventory',
  virtualProductId: null,
  size: '42',
  amount: 18000,
  currency: 'EUR',
  line: {
    productCatalogId: null,
    productVariantId: null,
    sku: 'DD1391-100',
    name: 'Dunk Low Panda',
    brand: 'Nike',
    colorway: 'White/Black',
    imageUrl: null,
  },
  buyer: {
    name: 'Lucía Fernández',
    email: buyerEmail,
    phone: '+34 600 111 222',
    locale: 'es',
    shipping: { line1: 'Calle Mayor 1', line2: null, city: 'Madrid', postalCode: '28013', country: 'ES' },
  },
  paymentIntentId: `pi_${randomUUID()}`,
  paidAt: new Date().toISOString(),
});

describe('a paid storefront checkout', () => {
  it('becomes one paid order, takes the pair, emails the buyer, notifies the store and fires order.created, once', async () => {
    const shop = await storeUser('Online Kicks');
    const path = `/order-${randomUUID()}`;
    const { endpoint } = await shop.call(createWebhookEndpoint, {
      body: { url: receiver.url(path), events: ['order.created'] },
    });
    const { item } = await shop.call(createItem, {
      body: {
        listType: 'inventory',
        sku: 'DD1391-100',
        name: 'Dunk Low Panda',
        sizes: ['42', '43'],
        askingPrice: 18000,
        purchasePrice: 9000,
      },
    });
    const checkoutId = ulid();
    const buyerEmail = `buyer-${randomUUID()}@example.com`;
    const paid = paidCheckout(shop, item.id, checkoutId, buyerEmail);
    await publishPaid(paid);

    const { orders } = await poll(
      () => shop.call(listOrders, { query: {} }),
      (r) => r.orders.length > 0,
    );
    expect(orders).toEqual([
      expect.objectContaining({
        id: checkoutId,
        kind: 'sale',
        status: 'paid',
        channel: 'storefront',
        counterparty: expect.objectContaining({
          kind: 'contact',
          name: 'Lucía Fernández',
          email: buyerEmail,
        }),
        buyer: {
          phone: '+34 600 111 222',
          locale: 'es',
          shipping: {
            line1: 'Calle Mayor 1',
            line2: null,
            city: 'Madrid',
            postalCode: '28013',
            country: 'ES',
          },
        },
        paymentReference: paid.paymentIntentId,
        total: 18000,
        currency: 'EUR',
        notes: null,
        lines: [expect.objectContaining({ itemId: item.id, size: '42', unitPrice: 18000, unitCost: 9000 })],
      }),
    ]);
    const [order] = orders;
    if (!order) throw new Error('no order');
    expect((await shop.call(getMyItem, { params: { itemId: item.id } })).item.sizes).toEqual(['43']);

    // The shared page keeps hiding the buyer's contact.
    const shared = await api().call(getSharedOrder, { params: { shareId: order.shareId } });
    expect(JSON.stringify(shared)).not.toMatch(/600 111|Calle Mayor|lucia|pi_|buyer-/i);

    const [mail] = await poll(
      () => mailTo(buyerEmail),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe('Tu pedido en Online Kicks: Dunk Low Panda');
    expect(mail?.body.text).toContain(`/orders/${order.shareId}`);

    const { notifications } = await poll(
      () => shop.call(listNotifications, { query: {} }),
      (r) => r.notifications.some((n) => n.type === 'order'),
    );
    expect(notifications.filter((n) => n.type === 'order')).toEqual([
      expect.objectContaining({
        title: 'New online order: Dunk Low Panda (42)',
        link: `/dashboard/order/${checkoutId}`,
      }),
    ]);

    const { deliveries } = await poll(
      () => shop.call(listWebhookDeliveries, { params: { endpointId: endpoint.id }, query: {} }),
      (r) => r.deliveries[0]?.status === 'succeeded',
      20_000,
    );
    expect(deliveries).toEqual([expect.objectContaining({ event: 'order.created', status: 'succeeded' })]);
    const body = JSON.parse(receiver.received.find((r) => r.path === path)?.body ?? '{}') as {
      data: Record<string, unknown>;
    };
    expect(body.data).toMatchObject({
      order_id: checkoutId,
      channel: 'storefront',
      status: 'paid',
      total: 18000,
      currency: 'EUR',
      lines: [{ name: 'Dunk Low Panda', sku: 'DD1391-100', size: '42', quantity: 1, unit_price: 18000 }],
    });
    expect(JSON.stringify(body)).not.toContain(buyerEmail);

    // The same checkout again (a redelivery under a new event id): nothing new anywhere.
    await publishPaid(paid);
    await pipelineAtRest();
    expect((await shop.call(listOrders, { query: {} })).orders).toHaveLength(1);
    expect((await shop.call(getMyItem, { params: { itemId: item.id } })).item.sizes).toEqual(['43']);
    expect(await mailTo(buyerEmail)).toHaveLength(1);
    expect(
      (await shop.call(listNotifications, { query: {} })).notifications.filter((n) => n.type === 'order'),
    ).toHaveLength(1);
    expect(
      (await shop.call(listWebhookDeliveries, { params: { endpointId: endpoint.id }, query: {} })).deliveries,
    ).toHaveLength(1);
  }, 90_000);
});
