import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  cancelStorefrontCheckout,
  getStorefrontCheckout,
  type Checkout,
  type CheckoutCreate,
} from '@sneakers/shared/contracts/storefront';
import { DEMO } from '@sneakers/shared/demo';
import { storefrontProductIdOf } from '@sneakers/shared/rules/storefront';
import { itemEntity } from '@sneakers/shared/stock/item-entity';
import { LOCAL_BILLING_CREDENTIALS } from '../../../../localstack/src/names';
import { storeUser } from '../../../../tests/support/accounts';
import { api, cloud, poll, raw } from '../../../../tests/support/cloud-client';
import { db, table } from '../../../../tests/support/local-table';
import { cardIndexEntity } from '../../src/catalog/card-index-entity';
import { productEntity, type ProductOffer } from '../../src/catalog/product-entity';
import { setupEntity } from '../../src/setup/setup-entity';

/**
 * Buying on a storefront against the local cloud and the provider's stand-in: the hold, the
 * provider's Checkout Session, billing's webhook and the storefront's consumers. The product
 * rows the projection keeps are written here as fixtures, as the projection would write them.
 */

function provider() {
  const url = new URL(cloud().stripeUrl);
  return new Stripe(LOCAL_BILLING_CREDENTIALS.apiKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

const PRICE = 18_000;

/** A store with its storefront on, one inventory pair in US 9 and US 10 at 180 EUR, and its product row. */
async function storeSellingOnePair() {
  const { userId: storeUserId } = await storeUser(`Shop ${randomUUID().slice(0, 8)}`);
  const client = db();
  const now = new Date().toISOString();
  const itemId = `01J${randomUUID().replaceAll('-', '').slice(0, 23).toUpperCase()}`;
  const sku = `DD${Math.floor(Math.random() * 9000 + 1000)}-100`;
  await itemEntity
    .put({
      userId: storeUserId,
      listType: 'inventory',
      id: itemId,
      status: 'available',
      visibility: 'private',
      urgent: false,
      isBulk: false,
      sku,
      name: 'Dunk Low Panda',
      brand: 'Nike',
      colorway: 'White/Black',
      sizes: ['US 9', 'US 10'],
      askingPrice: PRICE,
      purchasePrice: 9_000,
      currency: 'EUR',
      createdAt: now,
      updatedAt: now,
      rank: `0#${itemId}`,
    })
    .go({ client, table });
  await setupEntity
    .put({
      storeUserId,
      enabled: true,
      name: 'Test shop',
      description: '',
      contact: '',
      returnsText: '',
      lists: ['inventory'],
      virtualProductIds: [],
      updatedAt: now,
    })
    .go({ client, table });
  const productId = storefrontProductIdOf({ sku, itemId });
  const offer = (label: string): ProductOffer => ({
    label,
    chart: null,
    price: PRICE,
    itemId,
    listType: 'inventory',
    virtualProductId: null,
    unitCost: 9_000,
    productVariantId: null,
  });
  const writeProductRow = () =>
    productEntity
      .put({
        storeUserId,
        productId,
        name: 'Dunk Low Panda',
        brand: 'Nike',
        sku,
        colorway: 'White/Black',
        images: [],
        description: '',
        price: PRICE,
        currency: 'EUR',
        offers: [offer('US 9'), offer('US 10')],
        sizeRun: [],
        virtual: false,
        searchText: `dunk low panda nike ${sku.toLowerCase()}`,
        sizeKeys: [],
        listedAt: now,
        updatedAt: now,
      })
      .go({ client, table });
  await writeProductRow();
  return { storeUserId, itemId, productId, writeProductRow };
}

const buyer = (productId: string, size = 'US 9'): CheckoutCreate => ({
  productId,
  size,
  name: 'Ana Buyer',
  email: `buyer-${randomUUID()}@example.com`,
  phone: '+34 600 111 222',
  shipping: { line1: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', country: 'es' },
  locale: 'es',
});

async function startCheckout(storeUserId: string, body: unknown, key = `key-${randomUUID()}`) {
  const res = await raw(`/api/store/${storeUserId}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { checkout: Checkout; url: string; error?: { code: string } },
  };
}

const publicApi = () => api();
const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/** Pays on the stand-in's hosted page, as the buyer's browser would post its form. */
async function payOnHostedPage(url: string, card: string) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card_number: card,
      card_expiry: '12 / 34',
      card_cvc: '123',
      cardholder_name: 'Ana Buyer',
    }).toString(),
  });
  return { status: res.status, location: res.headers.get('location') };
}

async function statusOf(storeUserId: string, checkoutId: string) {
  const { checkout } = await publicApi().call(getStorefrontCheckout, {
    params: { storeId: storeUserId, checkoutId },
  });
  return checkout;
}

/** The outbox rows of Storefront.CheckoutPaid for a checkout (a test may Scan; every page of it). */
async function checkoutPaidEvents(checkoutId: string) {
  const rows: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new ScanCommand({
        TableName: table,
        FilterExpression: 'detailType = :t',
        ExpressionAttributeValues: { ':t': 'Storefront.CheckoutPaid' },
        ExclusiveStartKey: start,
      }),
    );
    rows.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return rows.filter(
    (row) => (row.detail as { data?: { checkoutId?: string } } | undefined)?.data?.checkoutId === checkoutId,
  );
}

describe('storefront checkout', () => {
  it('holds the pair, takes the card on the provider, and marks the checkout paid once', async () => {
    const { storeUserId, itemId, productId } = await storeSellingOnePair();
    const first = await startCheckout(storeUserId, { ...buyer(productId), amount: 1 });
    // Unknown fields (an amount from the client) are refused: the server prices the pair.
    expect(first.status).toBe(400);

    const key = `key-${randomUUID()}`;
    const request = buyer(productId);
    const created = await startCheckout(storeUserId, request, key);
    expect(created.status).toBe(201);
    expect(created.body.checkout).toMatchObject({
      status: 'open',
      size: 'US 9',
      amount: PRICE,
      currency: 'EUR',
    });
    expect(created.body.url).toContain(`${cloud().stripeUrl}/checkout/`);
    // A retry with the same key answers the same checkout and page.
    const replay = await startCheckout(storeUserId, request, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(created.body);

    const session = await provider().checkout.sessions.retrieve(sessionIdOf(created.body.url));
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: PRICE,
      currency: 'eur',
      metadata: { purpose: 'storefront', reference: created.body.checkout.checkoutId, storeUserId },
    });
    const { checkoutId } = created.body.checkout;
    expect(session.success_url).toBe(`${cloud().appUrl}/store/${storeUserId}/checkout/${checkoutId}`);
    expect(session.cancel_url).toBe(
      `${cloud().appUrl}/store/${storeUserId}/checkout/${checkoutId}?cancelled=1`,
    );

    // A second buyer of the same pair is refused while the first pays.
    const second = await startCheckout(storeUserId, buyer(productId));
    expect(second.status).toBe(409);
    expect(second.body.error?.code).toBe('SIZE_NOT_AVAILABLE');
    // Another size of the same item is still for sale.
    expect((await startCheckout(storeUserId, buyer(productId, 'US 10'))).status).toBe(201);

    const declined = await payOnHostedPage(created.body.url, '4000 0000 0000 0002');
    expect(declined.location).toBeNull();
    expect((await statusOf(storeUserId, checkoutId)).status).toBe('open');

    const paid = await payOnHostedPage(created.body.url, '4242 4242 4242 4242');
    expect(paid.location).toBe(session.success_url);
    const after = await poll(
      () => statusOf(storeUserId, checkoutId),
      (c) => c.status === 'paid',
    );
    expect(after.status).toBe('paid');
    const events = await checkoutPaidEvents(checkoutId);
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toMatchObject({
      data: {
        checkoutId,
        storeUserId,
        productId,
        itemId,
        listType: 'inventory',
        size: 'US 9',
        amount: PRICE,
        buyer: {
          name: 'Ana Buyer',
          email: request.email,
          locale: 'es',
          shipping: { country: 'ES', line2: null },
        },
      },
    });
    // Paid: cancelling changes nothing, and the pair stays held until commerce takes it.
    const { checkout: kept } = await publicApi().call(cancelStorefrontCheckout, {
      params: { storeId: storeUserId, checkoutId },
    });
    expect(kept.status).toBe('paid');
    expect((await startCheckout(storeUserId, buyer(productId))).body.error?.code).toBe('SIZE_NOT_AVAILABLE');
  });

  it('releases the hold when the buyer cancels, and when the session expires', async () => {
    const { storeUserId, productId } = await storeSellingOnePair();
    const first = await startCheckout(storeUserId, buyer(productId));
    expect(first.status).toBe(201);
    const params = { storeId: storeUserId, checkoutId: first.body.checkout.checkoutId };
    const { checkout } = await publicApi().call(cancelStorefrontCheckout, { params });
    expect(checkout.status).toBe('cancelled');
    // The provider's page can no longer be paid.
    expect((await provider().checkout.sessions.retrieve(sessionIdOf(first.body.url))).status).toBe('expired');
    // Idempotent.
    expect((await publicApi().call(cancelStorefrontCheckout, { params })).checkout.status).toBe('cancelled');

    const next = await startCheckout(storeUserId, buyer(productId));
    expect(next.status).toBe(201);
    // The provider expires the session (the buyer walked away): billing's webhook reports it.
    await provider().checkout.sessions.expire(sessionIdOf(next.body.url));
    const expired = await poll(
      () => statusOf(storeUserId, next.body.checkout.checkoutId),
      (c) => c.status === 'expired',
    );
    expect(expired.status).toBe('expired');
    expect((await startCheckout(storeUserId, buyer(productId))).status).toBe(201);
  });

  it('refuses a sold pair, an unknown product, a closed storefront and the demo store', async () => {
    const { storeUserId, itemId, productId, writeProductRow } = await storeSellingOnePair();
    const client = db();
    // The projection first shows the switched-on storefront (its card index names the product).
    // Before that, its batch of the set-up could still come after the sale below and remove the
    // row written back at the end a second time.
    const shown = await poll(
      () => cardIndexEntity.get({ storeUserId, chunk: 0 }).go({ client, table }),
      (read) => read.data?.cards.includes(productId) === true,
    );
    expect(shown.data?.cards).toContain(productId);
    await itemEntity
      .patch({ userId: storeUserId, listType: 'inventory', id: itemId })
      .set({ status: 'sold', updatedAt: new Date().toISOString() })
      .go({ client, table });
    // The projection takes the sold pair's product away on its own time; once it has, the row
    // is written back as a projection that has not caught up yet, so the checkout's own check
    // of the item (not the projection) is what refuses the pair.
    const gone = await poll(
      () => productEntity.get({ storeUserId, productId }).go({ client, table }),
      (read) => read.data === null,
    );
    expect(gone.data).toBeNull();
    await writeProductRow();
    expect((await startCheckout(storeUserId, buyer(productId))).body.error?.code).toBe('SIZE_NOT_AVAILABLE');
    expect((await startCheckout(storeUserId, buyer('s-nothing'))).body.error?.code).toBe(
      'PRODUCT_NOT_AVAILABLE',
    );
    await setupEntity.patch({ storeUserId }).set({ enabled: false }).go({ client, table });
    expect((await startCheckout(storeUserId, buyer(productId))).body.error?.code).toBe(
      'STOREFRONT_NOT_FOUND',
    );
    const demo = await startCheckout(DEMO.userId, buyer(productId));
    expect(demo.status).toBe(403);
    expect(demo.body.error?.code).toBe('DEMO_MODE');
  });
});
