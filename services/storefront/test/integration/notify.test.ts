import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildEvent, storefrontBackInStock } from '@sneakers/events';
import {
  confirmStorefrontNotify,
  requestStorefrontNotify,
  unsubscribeStorefrontNotify,
} from '@sneakers/shared/contracts/storefront';
import { DEMO } from '@sneakers/shared/demo';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import {
  api,
  cloud,
  mailTo,
  poll,
  raw,
  rejection,
  type SentMail,
} from '../../../../tests/support/cloud-client';
import { cardIndexEntity } from '../../src/catalog/card-index-entity';
import { productEntity } from '../../src/catalog/product-entity';
import { setupEntity } from '../../src/setup/setup-entity';

/**
 * Issue 28, notify me, through the local cloud: request → the confirmation email in the mail
 * store → confirm → a Storefront.BackInStock (written to the outbox, as the projection writes
 * it) → exactly one email; a second one → none; unsubscribed before → none.
 */

function table() {
  const client = createDocumentClient({
    AWS_REGION: LOCAL_NAMES.region,
    DYNAMODB_ENDPOINT: cloud().dynamodbUrl,
  });
  return new Service(
    { setup: setupEntity, product: productEntity, index: cardIndexEntity, outbox: outboxEntity },
    { client, table: cloud().tableName || LOCAL_NAMES.table },
  ).entities;
}

const PRODUCT = 's-dd1391100';
const chart = (eu: string, usM: string) => ({ eu, usM, usW: usM, uk: usM, jpCm: '27' });

/** A store with its storefront on and one product, as the set-up and the projection write them. */
async function storefront() {
  const storeId = `store-${randomUUID()}`;
  const now = new Date().toISOString();
  const rows = table();
  await rows.setup
    .put({
      storeUserId: storeId,
      enabled: true,
      name: 'Kicks Notify',
      description: '',
      contact: '',
      returnsText: '',
      lists: ['inventory'],
      virtualProductIds: [],
      updatedAt: now,
    })
    .go();
  // The projection answers the set-up by recomputing the store (which has no items, so it would
  // drop a product row written before it): wait for its card index, then write the product row
  // as if the projection had found an item of it.
  await poll(
    async () => (await rows.index.get({ storeUserId: storeId, chunk: 0 }).go()).data,
    (chunk) => chunk !== null,
  );
  await rows.product
    .put({
      storeUserId: storeId,
      productId: PRODUCT,
      name: 'Dunk Low Panda',
      brand: 'Nike',
      sku: 'DD1391-100',
      colorway: 'White/Black',
      images: [],
      description: '',
      price: 16000,
      currency: 'EUR',
      offers: [
        {
          label: '43',
          chart: chart('43', '9.5'),
          price: 16000,
          itemId: 'item-1',
          listType: 'inventory',
          virtualProductId: null,
          unitCost: 9000,
          productVariantId: null,
        },
      ],
      sizeRun: [
        { label: '42', chart: chart('42', '8.5'), price: 16000, inStock: false },
        { label: '43', chart: chart('43', '9.5'), price: 16000, inStock: true },
      ],
      virtual: false,
      searchText: 'dunk low panda nike dd1391-100',
      sizeKeys: ['eu:43'],
      listedAt: now,
      updatedAt: now,
    })
    .go();
  return storeId;
}

/** Publishes a Storefront.BackInStock as the projection does: an outbox row, then the stream. */
async function backInStock(storeId: string, size: string) {
  const at = new Date().toISOString();
  const event = buildEvent(
    storefrontBackInStock,
    { storeUserId: storeId, productId: PRODUCT, size, at },
    { eventId: randomUUID(), occurredAt: at },
  );
  await table().outbox.create(outboxItem(event)).go();
}

const settle = () => new Promise((r) => setTimeout(r, 2500));
const visitor = () => `visitor-${randomUUID()}@example.com`;
const tokenIn = (mail: SentMail | undefined, page: 'confirm' | 'unsubscribe') => {
  const match = new RegExp(`/store/notify/${page}\\?token=([\\w-]+)`).exec(mail?.body.text ?? '');
  if (!match?.[1]) throw new Error(`No ${page} link in ${mail?.body.text}`);
  return match[1];
};

async function subscribe(storeId: string, email: string, locale: 'en' | 'es' = 'en') {
  const answer = await api().call(requestStorefrontNotify, {
    params: { storeId },
    body: { productId: PRODUCT, size: '42', email, locale },
  });
  expect(answer).toEqual({ status: 'pending' });
  const mails = await poll(
    () => mailTo(email),
    (m) => m.length > 0,
  );
  expect(mails).toHaveLength(1);
  return mails[0];
}

describe('notify me (storefront-notify + notifications)', () => {
  it('request → confirm → one back-in-stock email, then none', async () => {
    const storeId = await storefront();
    const email = visitor();
    const confirmation = await subscribe(storeId, email, 'es');
    expect(confirmation?.subject).toBe('Confirma tu aviso: Dunk Low Panda, talla 42');
    expect(confirmation?.body.text).toContain('Kicks Notify');
    const unsubscribeHeader = confirmation?.headers?.find((h) => h.name === 'List-Unsubscribe');
    expect(unsubscribeHeader?.value).toMatch(/^<https?:\/\/.+\/store\/notify\/unsubscribe\?token=[\w-]+>$/);

    const confirmed = await api().call(confirmStorefrontNotify, {
      body: { token: tokenIn(confirmation, 'confirm') },
    });
    expect(confirmed).toEqual({
      status: 'confirmed',
      storeId,
      storeName: 'Kicks Notify',
      productId: PRODUCT,
      productName: 'Dunk Low Panda',
      size: '42',
    });

    await backInStock(storeId, '42');
    const mails = await poll(
      () => mailTo(email),
      (m) => m.length > 1,
    );
    await settle();
    expect((await mailTo(email)).map((m) => m.subject)).toEqual([
      'Confirma tu aviso: Dunk Low Panda, talla 42',
      'De nuevo disponible: Dunk Low Panda, talla 42',
    ]);
    expect(mails[1]?.body.text).toContain(`/store/${storeId}/product/${PRODUCT}`);

    await backInStock(storeId, '42');
    await settle();
    expect(await mailTo(email)).toHaveLength(2);
  });

  it('unsubscribed before the restock: no email; the link answers twice', async () => {
    const storeId = await storefront();
    const email = visitor();
    const confirmation = await subscribe(storeId, email);
    expect(confirmation?.subject).toBe('Confirm your alert: Dunk Low Panda, size 42');
    await api().call(confirmStorefrontNotify, { body: { token: tokenIn(confirmation, 'confirm') } });
    const token = tokenIn(confirmation, 'unsubscribe');
    for (let i = 0; i < 2; i++)
      expect(await api().call(unsubscribeStorefrontNotify, { body: { token } })).toEqual({
        status: 'unsubscribed',
      });
    await backInStock(storeId, '42');
    await settle();
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('answers 202 pending for a known address too, and refuses what it cannot take', async () => {
    const storeId = await storefront();
    const email = visitor();
    await subscribe(storeId, email);
    const again = await raw(`/api/store/${storeId}/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: PRODUCT, size: '42', email, locale: 'en' }),
    });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ status: 'pending' });

    const body = { productId: PRODUCT, size: '42', email, locale: 'en' as const };
    const demo = await rejection(
      api().call(requestStorefrontNotify, { params: { storeId: DEMO.userId }, body }),
    );
    expect([demo.status, demo.code]).toEqual([403, 'DEMO_MODE']);
    const unknown = await rejection(
      api().call(requestStorefrontNotify, { params: { storeId: `store-${randomUUID()}` }, body }),
    );
    expect([unknown.status, unknown.code]).toEqual([404, 'STOREFRONT_NOT_FOUND']);
    const badToken = await rejection(
      api().call(confirmStorefrontNotify, { body: { token: 'not-a-real-token-0000' } }),
    );
    expect([badToken.status, badToken.code]).toEqual([404, 'NOTIFY_TOKEN_INVALID']);
  });
});
