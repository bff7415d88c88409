import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createItem } from '@sneakers/shared/contracts/lists';
import {
  createStorefrontOffer,
  getOfferStatus,
  listAnonymousOffers,
  type StorefrontOfferBody,
} from '@sneakers/shared/contracts/offers';
import { getStorefrontProduct, updateStorefrontSetup } from '@sneakers/shared/contracts/storefront';
import { api, poll, raw, rejection } from '../../../../tests/support/cloud-client';
import { key, mailsTo, trader } from './support';

/**
 * An offer made on a storefront product page (docs/product/offers.md#storefront-offers), through
 * the gateway: the store publishes an inventory pair (the storefront's projection follows from
 * the table's stream), a visitor offers on its size, the store finds it among its anonymous
 * offers against that item.
 */

const SKU = 'DD1391-100';
const PRODUCT_ID = 's-DD1391100';

const setup = (enabled: boolean) => ({
  body: {
    enabled,
    name: '',
    logoUrl: null,
    bannerUrl: null,
    description: 'Deadstock only',
    contact: 'hola@kicks.example',
    returnsText: '14 days',
    lists: ['inventory' as const],
    virtualProductIds: [],
  },
});

async function publishedStore() {
  const owner = await trader('Storefront Offers');
  const { item } = await owner.client.call(createItem, {
    body: {
      listType: 'inventory',
      sku: SKU,
      name: 'Dunk Low Panda',
      brand: 'Nike',
      currency: 'EUR',
      sizes: ['US 9'],
      askingPrice: 12_000,
      purchasePrice: 7_777,
    },
  });
  await owner.client.call(updateStorefrontSetup, setup(true));
  await poll(
    () =>
      api()
        .call(getStorefrontProduct, { params: { storeId: owner.userId, productId: PRODUCT_ID } })
        .catch(() => null),
    (r) => r?.product.sizes.some((s) => s.label === 'US 9' && s.inStock) ?? false,
  );
  return { owner, item };
}

const offerBody = (storeId: string, changes: Partial<StorefrontOfferBody> = {}): StorefrontOfferBody => ({
  storeId,
  productId: PRODUCT_ID,
  size: 'US 9',
  offeredPrice: 10_500,
  message: 'Cash today?',
  contact: {
    name: 'Lucía',
    email: `lucia-${randomUUID()}@example.com`,
    phone: '+34 611',
    instagram: '@lucia',
  },
  language: 'es',
  ...changes,
});

describe('an anonymous offer from a storefront product page', () => {
  it("reaches the store's anonymous offers against the item behind the size, and answers no item id", async () => {
    const { owner, item } = await publishedStore();
    const body = offerBody(owner.userId);
    const res = await raw('/api/storefront-offers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key() },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status).toBe(201);
    expect(text).not.toContain(item.id);
    expect(text).not.toMatch(/targetItemId|contactEmail|7777/);
    const made = JSON.parse(text) as { statusToken: string; offer: { lines: unknown[] } };
    expect(made.offer).toMatchObject({
      status: 'pending',
      listType: 'inventory',
      storeBusinessName: 'Storefront Offers',
      currency: 'EUR',
      offeredTotal: 10_500,
      lines: [{ itemName: 'Dunk Low Panda', itemSku: SKU, size: 'US 9', offeredPrice: 10_500, quantity: 1 }],
    });

    const { offers } = await owner.client.call(listAnonymousOffers, { query: {} });
    expect(offers).toEqual([
      expect.objectContaining({
        listType: 'inventory',
        currency: 'EUR',
        language: 'es',
        contactName: 'Lucía',
        contactEmail: body.contact.email,
        message: 'Cash today?',
        status: 'pending',
        lines: [
          expect.objectContaining({ targetItemId: item.id, size: 'US 9', offeredPrice: 10_500, quantity: 1 }),
        ],
      }),
    ]);
    // The same status page as any anonymous offer, and the store's email of a new offer.
    const status = await api().call(getOfferStatus, { params: { token: made.statusToken } });
    expect(status.offer).toEqual(made.offer);
    expect((await mailsTo(owner.contactEmail, 1)).length).toBeGreaterThanOrEqual(1);
  });

  it('is refused for an unknown product, a size out of stock, and a storefront that is off', async () => {
    const { owner } = await publishedStore();
    const send = (changes: Partial<StorefrontOfferBody>) =>
      rejection(
        api().call(createStorefrontOffer, { body: offerBody(owner.userId, changes), idempotencyKey: key() }),
      );
    expect(await send({ productId: 's-NOPE1' })).toMatchObject({
      status: 404,
      code: 'PRODUCT_NOT_AVAILABLE',
    });
    expect(await send({ size: 'US 12' })).toMatchObject({ status: 409, code: 'SIZE_NOT_AVAILABLE' });
    expect(await send({ storeId: randomUUID() })).toMatchObject({
      status: 404,
      code: 'STOREFRONT_NOT_FOUND',
    });
    await owner.client.call(updateStorefrontSetup, setup(false));
    expect(await send({})).toMatchObject({ status: 404, code: 'STOREFRONT_NOT_FOUND' });
    const { offers } = await owner.client.call(listAnonymousOffers, { query: {} });
    expect(offers).toEqual([]);
  });
});
