import { describe, expect, it } from 'vitest';
import { createItem, updateItem } from '@sneakers/shared/contracts/lists';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import {
  getStorefrontSetup,
  listStorefrontPrices,
  setStorefrontPrice,
  updateStorefrontSetup,
  type StorefrontSetupUpdate,
} from '@sneakers/shared/contracts/storefront';
import { createVirtualProduct } from '@sneakers/shared/contracts/virtual-products';
import { key, storeUser, type Store } from '../../../../tests/support/accounts';
import { api, rejection } from '../../../../tests/support/cloud-client';

/**
 * Issue 28, the online-store section through the local gateway
 * (docs/product/online-store.md#the-online-store-section, #prices).
 */

const setupBody = (changes: Partial<StorefrontSetupUpdate> = {}): StorefrontSetupUpdate => ({
  enabled: true,
  name: 'Kicks Online',
  logoUrl: null,
  bannerUrl: 'https://example.com/banner.jpg',
  description: 'Deadstock only',
  contact: 'hello@example.com',
  returnsText: '14 days',
  lists: ['inventory'],
  virtualProductIds: [],
  ...changes,
});

async function item(store: Store, listType: 'inventory' | 'wts', price: number | null, sku: string) {
  const { item: created } = await store.call(createItem, {
    body: {
      listType,
      sku,
      name: `Pair ${sku}`,
      brand: 'Nike',
      sizes: ['42', '43'],
      purchasePrice: 5000,
      currency: 'EUR',
      ...(listType === 'inventory' ? { askingPrice: price } : { desiredPrice: price }),
    },
  });
  return created;
}

describe('storefront set-up API', () => {
  it('answers defaults before the first save, then what was saved', async () => {
    const shop = await storeUser('Kicks Setup');
    const first = await shop.call(getStorefrontSetup, {});
    expect(first.setup).toEqual({
      enabled: false,
      name: '',
      logoUrl: null,
      bannerUrl: null,
      description: '',
      contact: '',
      returnsText: '',
      lists: ['inventory'],
      virtualProductIds: [],
      updatedAt: null,
    });
    expect(first.path).toBe(`/store/${shop.userId}`);
    expect(first.profile.businessName).toBe('Kicks Setup');

    const { virtualProduct } = await shop.call(createVirtualProduct, {
      body: { sku: 'VP-1', name: 'Made to order', price: 20000, sizes: ['42'] },
      idempotencyKey: key(),
    });
    const saved = await shop.call(updateStorefrontSetup, {
      body: setupBody({ lists: ['inventory', 'wts'], virtualProductIds: [virtualProduct.id] }),
    });
    expect(saved.setup).toMatchObject({
      enabled: true,
      name: 'Kicks Online',
      lists: ['inventory', 'wts'],
      virtualProductIds: [virtualProduct.id],
    });
    expect(saved.setup.updatedAt).not.toBeNull();
    expect((await shop.call(getStorefrontSetup, {})).setup).toEqual(saved.setup);
  });

  it("refuses another store's virtual product and resellers", async () => {
    const shop = await storeUser('Kicks Mine');
    const other = await storeUser('Kicks Theirs');
    const { virtualProduct } = await other.call(createVirtualProduct, {
      body: { sku: 'VP-2', name: 'Theirs', price: 20000, sizes: ['42'] },
      idempotencyKey: key(),
    });
    const foreign = await rejection(
      shop.call(updateStorefrontSetup, { body: setupBody({ virtualProductIds: [virtualProduct.id] }) }),
    );
    expect([foreign.status, foreign.code]).toEqual([404, 'VIRTUAL_PRODUCT_NOT_FOUND']);

    const reseller = await storeUser('Reseller', { role: 'reseller' });
    for (const attempt of [
      () => reseller.call(getStorefrontSetup, {}),
      () => reseller.call(listStorefrontPrices, { query: {} }),
      () => reseller.call(updateStorefrontSetup, { body: setupBody() }),
    ]) {
      const refused = await rejection(attempt());
      expect([refused.status, refused.code]).toEqual([403, 'STORE_ONLY']);
    }
  });

  it('lists the chosen lists with their prices; a price overrides the list price until reset', async () => {
    const shop = await storeUser('Kicks Prices');
    const stock = await item(shop, 'inventory', 15000, 'AA1111-100');
    const wanted = await item(shop, 'wts', 18000, 'BB2222-200');
    const unpriced = await item(shop, 'inventory', null, 'CC3333-300');
    const sold = await item(shop, 'inventory', 12000, 'DD4444-400');
    await shop.call(updateItem, { params: { itemId: sold.id }, body: { status: 'sold' } });

    const inventoryOnly = await shop.call(listStorefrontPrices, { query: {} });
    expect(inventoryOnly.items.map((row) => row.itemId).sort()).toEqual([stock.id, unpriced.id].sort());
    expect(inventoryOnly.items.find((row) => row.itemId === stock.id)).toMatchObject({
      listType: 'inventory',
      listPrice: 15000,
      storefrontPrice: null,
      effectivePrice: 15000,
      sizes: ['42', '43'],
    });
    expect(inventoryOnly.items.find((row) => row.itemId === unpriced.id)?.effectivePrice).toBeNull();

    // Not on a chosen list yet: the wts item is not the storefront's.
    const offList = await rejection(
      shop.call(setStorefrontPrice, { params: { itemId: wanted.id }, body: { price: 1000 } }),
    );
    expect([offList.status, offList.code]).toEqual([404, 'ITEM_NOT_FOUND']);

    await shop.call(updateStorefrontSetup, { body: setupBody({ lists: ['inventory', 'wts'] }) });
    const set = await shop.call(setStorefrontPrice, {
      params: { itemId: wanted.id },
      body: { price: 16500 },
    });
    expect(set.item).toMatchObject({ listPrice: 18000, storefrontPrice: 16500, effectivePrice: 16500 });

    const both = await shop.call(listStorefrontPrices, { query: {} });
    expect(both.items.map((row) => row.itemId).sort()).toEqual([stock.id, wanted.id, unpriced.id].sort());
    expect(both.items.find((row) => row.itemId === wanted.id)).toMatchObject({
      listType: 'wts',
      storefrontPrice: 16500,
      effectivePrice: 16500,
    });
    // Private fields never ride along.
    expect(JSON.stringify(both)).not.toMatch(/purchasePrice|notes|source/);

    const reset = await shop.call(setStorefrontPrice, {
      params: { itemId: wanted.id },
      body: { price: null },
    });
    expect(reset.item).toMatchObject({ storefrontPrice: null, effectivePrice: 18000 });

    // Pages: one at a time, each item once.
    const first = await shop.call(listStorefrontPrices, { query: { limit: 2 } });
    expect(first.items).toHaveLength(2);
    expect(first.cursor).not.toBeNull();
    const second = await shop.call(listStorefrontPrices, { query: { limit: 2, cursor: first.cursor ?? '' } });
    expect([...first.items, ...second.items].map((row) => row.itemId).sort()).toEqual(
      [stock.id, wanted.id, unpriced.id].sort(),
    );
  });

  it("404s another store's item and a sold one", async () => {
    const shop = await storeUser('Kicks Own');
    const other = await storeUser('Kicks Other');
    const theirs = await item(other, 'inventory', 10000, 'EE5555-500');
    const sold = await item(shop, 'inventory', 10000, 'FF6666-600');
    await shop.call(updateItem, { params: { itemId: sold.id }, body: { status: 'sold' } });
    for (const itemId of [theirs.id, sold.id]) {
      const refused = await rejection(
        shop.call(setStorefrontPrice, { params: { itemId }, body: { price: 1 } }),
      );
      expect([refused.status, refused.code]).toEqual([404, 'ITEM_NOT_FOUND']);
    }
  });

  it('the demo reads the demo store and never writes (403 DEMO_MODE)', async () => {
    const demo = api((await api().call(startDemoSession, {})).accessToken);
    const read = await demo.call(getStorefrontSetup, {});
    expect(read.path).toBe('/store/demo-store');
    await demo.call(listStorefrontPrices, { query: {} });
    for (const attempt of [
      () => demo.call(updateStorefrontSetup, { body: setupBody() }),
      () => demo.call(setStorefrontPrice, { params: { itemId: 'x' }, body: { price: 1 } }),
    ]) {
      const refused = await rejection(attempt());
      expect([refused.status, refused.code]).toEqual([403, 'DEMO_MODE']);
    }
  });
});
