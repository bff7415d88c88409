import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createItem } from '@sneakers/shared/contracts/lists';
import {
  getUnreadMessages,
  listConversations,
  sendMessage,
  startConversation,
} from '@sneakers/shared/contracts/messaging';
import { createOffers, listOffers, respondToOffer } from '@sneakers/shared/contracts/offers';
import { createPricingStrategy, NEW_STRATEGY_CONFIG } from '@sneakers/shared/contracts/pricing';
import { cancelAccountClosure, closeMyAccount } from '@sneakers/shared/contracts/profiles';
import { createApiKey } from '@sneakers/shared/contracts/store-api';
import {
  getStorefront,
  getStorefrontCheckout,
  updateStorefrontSetup,
  type Checkout,
  type CheckoutCreate,
} from '@sneakers/shared/contracts/storefront';
import { DELETED_ACCOUNT_NAME } from '@sneakers/shared/contracts/deleted-account';
import { key, storeUser, type Store } from '../../../../tests/support/accounts';
import { api, pipelineAtRest, poll, raw, rejection } from '../../../../tests/support/cloud-client';
import { db, table } from '../../../../tests/support/local-table';

/**
 * An account's deletion reaching every domain (docs/product/accounts.md#closing-the-account),
 * through the local cloud: a store with rows in each domain closes its account, the sweep
 * runs, and afterwards no row names it but what the documented records keep.
 */

const sweepNow = () =>
  raw('/api/local/schedules/profiles/account-deletion-sweep', { method: 'POST' }).then((r) => r.status);

/** The integration cloud's grace is ACCOUNT_CLOSURE_GRACE_MS (tests/support/local-cloud-setup.ts). */
const pastGrace = () => new Promise((r) => setTimeout(r, 1_200));

/**
 * Entities that keep a deleted account's rows on purpose: billing's (the platform's own
 * invoices and customer account, its accounting records).
 */
const KEPT = /^billing/;

/** Every row (a test may Scan) that names the user in a key or an attribute and does not expire by itself. */
async function rowsNaming(userId: string): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    for (const row of out.Items ?? []) {
      if ('ttl' in row) continue;
      const names = Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(userId));
      if (names && !KEPT.test(String(row.__edb_e__ ?? ''))) found.push(row);
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

const entitiesOf = (rows: Record<string, unknown>[]) =>
  [...new Set(rows.map((r) => String(r.__edb_e__ ?? `${String(r.pk)} ${String(r.sk)}`)))].sort();

async function wtbItem(store: Store, sku: string) {
  const { item } = await store.call(createItem, {
    body: {
      listType: 'wtb',
      sku,
      name: 'Dunk Low',
      sizes: ['9', '10'],
      visibility: 'public',
      status: 'pending',
      targetPrice: 12_000,
    },
  });
  return item;
}

/** The store's storefront on, with one inventory pair; answers its product id once the projection has it. */
async function sellingOnePair(store: Store) {
  const sku = `DD${Math.floor(Math.random() * 9000 + 1000)}-100`;
  await store.call(createItem, {
    body: {
      listType: 'inventory',
      sku,
      name: 'Dunk Low Panda',
      brand: 'Nike',
      currency: 'EUR',
      sizes: ['US 9'],
      askingPrice: 18_000,
      purchasePrice: 9_000,
    },
  });
  await store.call(updateStorefrontSetup, {
    body: {
      enabled: true,
      name: 'Leaving shop',
      logoUrl: null,
      bannerUrl: null,
      description: '',
      contact: '',
      returnsText: '',
      lists: ['inventory'],
      virtualProductIds: [],
    },
  });
  const listed = await poll(
    () =>
      api()
        .call(getStorefront, { params: { storeId: store.userId }, query: {} })
        .catch(() => null),
    (r) => Boolean(r?.products.some((p) => p.sku === sku)),
    30_000,
  );
  const product = listed?.products.find((p) => p.sku === sku);
  if (!product) throw new Error('the storefront never listed the pair');
  return product.productId;
}

const buyer = (productId: string): CheckoutCreate => ({
  productId,
  size: 'US 9',
  name: 'Ana Buyer',
  email: `buyer-${randomUUID()}@example.com`,
  phone: '+34 600 111 222',
  shipping: { line1: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', country: 'es' },
  locale: 'es',
});

async function startCheckout(storeUserId: string, body: CheckoutCreate) {
  const res = await raw(`/api/store/${storeUserId}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key() },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { checkout?: Checkout; url?: string; error?: { code: string } },
  };
}

const checkoutStatus = (storeUserId: string, checkoutId: string) =>
  raw(`/api/store/${storeUserId}/checkout/${checkoutId}`).then((r) => r.status);

describe('closing the account: every domain', () => {
  it("takes the store's checkout and its API keys offline while closing, and back when the closure is cancelled", async () => {
    const store = await storeUser(`Closing Shop ${randomUUID().slice(0, 6)}`);
    const productId = await sellingOnePair(store);
    const open = await startCheckout(store.userId, buyer(productId));
    expect(open.status).toBe(201);
    const checkoutId = open.body.checkout?.checkoutId ?? '';
    expect(await checkoutStatus(store.userId, checkoutId)).toBe(200);
    const { secret } = await store.call(createApiKey, { body: { name: 'Till sync' }, idempotencyKey: key() });
    const storeApi = () => raw('/v1/inventory', { headers: { 'x-api-key': secret } });

    // Not used before (the authorizer caches a key it resolved for API_KEY_LOOKUP_CACHE_SECONDS,
    // the bound a closure shares with a revocation): refused from the first call.
    await store.call(closeMyAccount, { body: { password: store.password } });
    const frozen = await storeApi();
    expect([frozen.status, ((await frozen.json()) as { error: { message: string } }).error.message]).toEqual([
      401,
      'This account is being closed: its API keys work again if the closure is cancelled.',
    ]);
    const refused = await startCheckout(store.userId, buyer(productId));
    expect([refused.status, refused.body.error?.code]).toEqual([404, 'STOREFRONT_NOT_FOUND']);
    expect(await checkoutStatus(store.userId, checkoutId)).toBe(404);
    const notFound = await rejection(
      api().call(getStorefrontCheckout, { params: { storeId: store.userId, checkoutId } }),
    );
    expect([notFound.status, notFound.code]).toEqual([404, 'STOREFRONT_NOT_FOUND']);

    await store.call(cancelAccountClosure, {});
    expect(await checkoutStatus(store.userId, checkoutId)).toBe(200);
    expect((await storeApi()).status).toBe(200);
  }, 60_000);

  it('erases what the user owns in every domain, and anonymises what other users keep', async () => {
    const leaving = await storeUser(`Leaving ${randomUUID().slice(0, 6)}`, { publicWtbList: true });
    const staying = await storeUser(`Staying ${randomUUID().slice(0, 6)}`, { publicWtbList: true });

    // Store API and pricing.
    await leaving.call(createApiKey, { body: { name: 'Shop sync' }, idempotencyKey: key() });
    await leaving.call(createPricingStrategy, {
      body: {
        name: 'Beat the lowest ask',
        selection: { listTypes: ['wts'], brands: [], itemIds: [] },
        config: NEW_STRATEGY_CONFIG,
        target: 'list',
        schedule: 'off',
      },
      idempotencyKey: key(),
    });
    // An offer sent (left open) and one received (accepted: an order and trading partners).
    const theirs = await wtbItem(staying, 'DD1391-201');
    const mine = await wtbItem(leaving, 'DD1391-202');
    const [sent] = (
      await leaving.call(createOffers, {
        body: {
          listOwnerId: staying.userId,
          listType: 'wtb',
          message: 'Call me on +34 600 000 000',
          lines: [{ itemId: theirs.id, size: '9', offeredPrice: 11_000, quantity: 1 }],
        },
        idempotencyKey: key(),
      })
    ).offers;
    const [received] = (
      await staying.call(createOffers, {
        body: {
          listOwnerId: leaving.userId,
          listType: 'wtb',
          lines: [{ itemId: mine.id, size: '10', offeredPrice: 10_000, quantity: 1 }],
        },
        idempotencyKey: key(),
      })
    ).offers;
    await leaving.call(respondToOffer, {
      params: { offerId: received!.id },
      body: { action: 'accept' },
      idempotencyKey: key(),
    });
    // A conversation, with a message the staying user has not read yet.
    const { conversation } = await staying.call(startConversation, {
      body: { partnerUserId: leaving.userId },
    });
    await staying.call(sendMessage, {
      params: { conversationId: conversation.id },
      body: { clientMessageId: `m-${randomUUID()}`, content: 'Still available?' },
    });
    await leaving.call(sendMessage, {
      params: { conversationId: conversation.id },
      body: { clientMessageId: `m-${randomUUID()}`, content: 'Yes, here is my number' },
    });
    // The online store, and a checkout a buyer started.
    const productId = await sellingOnePair(leaving);
    expect((await startCheckout(leaving.userId, buyer(productId))).status).toBe(201);
    await pipelineAtRest();
    expect(entitiesOf(await rowsNaming(leaving.userId)).length).toBeGreaterThan(10);

    await leaving.call(closeMyAccount, { body: { password: leaving.password } });
    await pastGrace();
    expect(await sweepNow()).toBe(200);
    await pipelineAtRest();

    expect(entitiesOf(await rowsNaming(leaving.userId))).toEqual([]);

    // What the staying user keeps: the offer, from a deleted account, withdrawn and without its message.
    const { offers } = await staying.call(listOffers, { query: { box: 'received' } });
    expect(offers.find((o) => o.id === sent!.id)).toMatchObject({
      status: 'withdrawn',
      senderBusinessName: DELETED_ACCOUNT_NAME,
      message: null,
    });
    const sentByStaying = await staying.call(listOffers, { query: { box: 'sent' } });
    expect(sentByStaying.offers.map((o) => o.id)).not.toContain(received!.id);
    // The conversation is gone for both, and with it the unread message.
    const { conversations } = await staying.call(listConversations, { query: {} });
    expect(conversations.map((c) => c.id)).not.toContain(conversation.id);
    expect((await staying.call(getUnreadMessages, {})).unreadTotal).toBe(0);
    expect(entitiesOf(await rowsNaming(staying.userId)).length).toBeGreaterThan(0);
    // A sweep calls a dozen functions, each cold the first time in the local cloud.
  }, 240_000);
});
