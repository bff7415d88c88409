import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ANONYMOUS_OFFERS_PER_HOUR,
  createAnonymousOffer as createAnonymousOfferContract,
  createStorefrontOffer as createStorefrontOfferContract,
} from '@sneakers/shared/contracts/offers';
import { DEMO } from '@sneakers/shared/demo';
import { createStorefrontOffer, getOfferStatus } from '../../src/anonymous-offers/domain';
import { pairForSize, type ProductOffers } from '../../src/anonymous-offers/storefront-target';
import { memoryDeps } from './memory';

const key = (k = 'store-key-0001') => ({ 'idempotency-key': k });
const pair = (label: string, price: number, itemId: string | null, listType: 'inventory' | 'wts' | null) => ({
  label,
  price,
  itemId,
  listType,
});
const OFFERS: ProductOffers = [
  pair('US 9', 20000, 'inv-2', 'inventory'),
  pair('US 9', 18000, 'wts-1', 'wts'),
  pair('US 10', 19000, null, null),
];

function setup() {
  const m = memoryDeps();
  m.addProfile('store', { businessName: 'Kicks Store' });
  m.addStorefrontProduct('store', {
    productId: 'p1',
    name: 'Air Max 1',
    sku: 'AM1-001',
    currency: 'GBP',
    offers: structuredClone(OFFERS),
  });
  return m;
}

const input = {
  storeId: 'store',
  productId: 'p1',
  size: 'us 9',
  offeredPrice: 15000,
  message: ' fair? ',
  contact: { name: 'Visitor', email: 'v@example.com', phone: '+34 600', discord: 'visitor#1' },
  language: 'es' as const,
};

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'resolved',
    (e: { status?: number; code?: string }) => `${e.status} ${e.code}`,
  );
}

describe('the item behind a storefront size', () => {
  it('is the cheapest in-stock pair of that size that is an item, sizes compared case-blind', () => {
    expect(pairForSize(OFFERS, ' us 9')).toEqual({ itemId: 'wts-1', listType: 'wts', label: 'US 9' });
  });

  it('is none for a size only a virtual product offers, or a size not in stock', () => {
    expect(pairForSize(OFFERS, 'US 10')).toBeNull();
    expect(pairForSize(OFFERS, 'US 11')).toBeNull();
  });
});

describe('createStorefrontOffer', () => {
  it("records one anonymous offer against the item behind the size, in the store's currency", async () => {
    const m = setup();
    const made = await createStorefrontOffer(m.deps, key(), '10.0.0.1', input);
    expect(made.created).toBe(true);
    const [stored] = [...m.anonymous.values()];
    expect(stored).toMatchObject({
      storeUserId: 'store',
      listType: 'wts',
      currency: 'GBP',
      language: 'es',
      message: 'fair?',
      totalItems: 1,
      status: 'pending',
      statusToken: made.statusToken,
      lines: [
        {
          targetItemId: 'wts-1',
          itemName: 'Air Max 1',
          itemSku: 'AM1-001',
          size: 'US 9',
          offeredPrice: 15000,
          quantity: 1,
          notes: null,
        },
      ],
    });
    expect(m.events[0]!.detail.data).toMatchObject({
      receiverUserId: 'store',
      anonymous: true,
      listType: 'wts',
      currency: 'GBP',
    });
    // The sender is answered their status page, the same one the token opens.
    expect(made.offer).toEqual(await getOfferStatus(m.deps, made.statusToken));
    expect(made.offer).toMatchObject({ storeBusinessName: 'Kicks Store', offeredTotal: 15000 });
  });

  it("never answers the storefront's item ids or the store's contact", async () => {
    const m = setup();
    const made = await createStorefrontOffer(m.deps, key(), '10.0.0.1', input);
    const raw = JSON.stringify(z.parse(createStorefrontOfferContract.response, made));
    expect(raw).not.toContain('wts-1');
    expect(raw).not.toContain('inv-2');
    expect(raw).not.toContain('targetItemId');
  });

  it('replays the first answer for the same key', async () => {
    const m = setup();
    const first = await createStorefrontOffer(m.deps, key(), '10.0.0.1', input);
    const again = await createStorefrontOffer(m.deps, key(), '10.0.0.1', input);
    expect(again).toEqual({ ...first, created: false });
    expect(m.anonymous.size).toBe(1);
  });

  it('refuses the demo store, a storefront that is off or absent, an unknown product and a size out of stock', async () => {
    const m = setup();
    expect(
      await codeOf(createStorefrontOffer(m.deps, key(), '10.0.0.1', { ...input, storeId: DEMO.userId })),
    ).toBe('403 DEMO_MODE');
    expect(
      await codeOf(createStorefrontOffer(m.deps, key(), '10.0.0.1', { ...input, storeId: 'nobody' })),
    ).toBe('404 STOREFRONT_NOT_FOUND');
    expect(
      await codeOf(createStorefrontOffer(m.deps, key(), '10.0.0.1', { ...input, productId: 'p9' })),
    ).toBe('404 PRODUCT_NOT_AVAILABLE');
    expect(await codeOf(createStorefrontOffer(m.deps, key(), '10.0.0.1', { ...input, size: 'US 10' }))).toBe(
      '409 SIZE_NOT_AVAILABLE',
    );
    m.storefronts.set('store', false);
    expect(await codeOf(createStorefrontOffer(m.deps, key(), '10.0.0.1', input))).toBe(
      '404 STOREFRONT_NOT_FOUND',
    );
    expect(m.anonymous.size).toBe(0);
    // A refused offer takes no slot of the visitor's hourly limit.
    expect(m.slots.size).toBe(0);
  });

  it('allows ANONYMOUS_OFFERS_PER_HOUR per address and store, then 429', async () => {
    const m = setup();
    for (let n = 0; n < ANONYMOUS_OFFERS_PER_HOUR; n++)
      await createStorefrontOffer(m.deps, key(`store-key-${n}-000`), '10.0.0.1', input);
    expect(await codeOf(createStorefrontOffer(m.deps, key('store-key-x-000'), '10.0.0.1', input))).toBe(
      '429 RATE_LIMITED',
    );
    await createStorefrontOffer(m.deps, key('store-key-y-000'), '10.0.0.2', input);
  });
});

describe('the public-list path', () => {
  it('still takes offers on WTB and WTC lists only, never on inventory or WTS', () => {
    const body = {
      listOwnerId: 'store',
      lines: [{ itemId: 'inv-2', size: 'US 9', offeredPrice: 100, quantity: 1 }],
      contact: input.contact,
    };
    for (const listType of ['inventory', 'wts'])
      expect(z.safeParse(createAnonymousOfferContract.body!, { ...body, listType }).success).toBe(false);
    expect(z.safeParse(createAnonymousOfferContract.body!, { ...body, listType: 'wtb' }).success).toBe(true);
  });
});

describe('the storefront offer body', () => {
  it('takes a positive whole price in cents and the anonymous contact', () => {
    const body = createStorefrontOfferContract.body!;
    expect(z.safeParse(body, input).success).toBe(true);
    for (const offeredPrice of [0, -5, 12.5, 1e12])
      expect(z.safeParse(body, { ...input, offeredPrice }).success).toBe(false);
    expect(z.safeParse(body, { ...input, contact: { ...input.contact, discord: '' } }).success).toBe(false);
    expect(z.safeParse(body, { ...input, itemId: 'wts-1' }).success).toBe(false);
  });
});
