import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createProduct } from '@sneakers/shared/contracts/catalog';
import { createItem, getMyItem } from '@sneakers/shared/contracts/lists';
import { listSales } from '@sneakers/shared/contracts/sales';
import type { ResponseOf } from '@sneakers/shared/contracts/contract';
import {
  createV1Sale,
  getV1Inventory,
  getV1Prices,
  listV1VirtualProducts,
  storeApiV1Contracts,
} from '@sneakers/shared/contracts/store-api-v1';
import { createVirtualProduct } from '@sneakers/shared/contracts/virtual-products';
import { api, cloud, signIn } from '../../../../tests/support/cloud-client';
import { key, member, newKey, withKey } from './support';

/** A store with a key, one inventory item of two sizes and one virtual product. */
async function storeWithStock(productCatalogId: string | null = null) {
  const store = await member();
  const { secret } = await newKey(store.client);
  const sku = `V1-${randomUUID().slice(0, 8).toUpperCase()}`;
  const { item } = await store.client.call(createItem, {
    body: {
      listType: 'inventory',
      sku,
      name: 'Dunk Low Panda',
      sizes: ['EU 42', 'EU 43'],
      askingPrice: 14000,
      purchasePrice: 9000,
      productCatalogId,
    },
  });
  const { virtualProduct } = await store.client.call(createVirtualProduct, {
    body: { sku: 'IE0421', name: 'Samba OG', price: 12000, costPrice: 7000, sizes: ['UK 8'] },
    idempotencyKey: key(),
  });
  return { store, secret, sku, item, virtualProduct };
}

const json = async <T>(res: Response) => (await res.json()) as T;
const post = (secret: string, body: unknown, idempotencyKey = key()) =>
  withKey('/v1/sales', secret, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });

describe('the /v1 routes through the gateway, with a real key', () => {
  it('GET /v1/inventory answers the key’s store’s items in the contract’s shape, filtered, never another store’s', async () => {
    const a = await storeWithStock();
    const b = await storeWithStock();
    const res = await withKey('/v1/inventory', a.secret);
    expect(res.status).toBe(200);
    const page = getV1Inventory.response.parse(await res.json());
    expect(page.items.map((i) => i.id)).toEqual([a.item.id]);
    expect(page.items[0]).toMatchObject({ list: 'inventory', price: 14000, sizes: ['EU 42', 'EU 43'] });
    expect(JSON.stringify(page)).not.toContain(b.item.id);

    const filtered = await json<ResponseOf<typeof getV1Inventory>>(
      await withKey(`/v1/inventory?sku=${a.sku.toLowerCase()}&size=eu%2043`, a.secret),
    );
    expect(filtered.items.map((i) => i.id)).toEqual([a.item.id]);
    const none = await json<ResponseOf<typeof getV1Inventory>>(
      await withKey('/v1/inventory?size=EU%2050', a.secret),
    );
    expect(none.items).toEqual([]);
    expect((await withKey('/v1/inventory?limit=51', a.secret)).status).toBe(400);
  });

  it('POST /v1/sales twice with one Idempotency-Key records one sale, and the size leaves the inventory', async () => {
    const { store, secret, item } = await storeWithStock();
    const idempotencyKey = key();
    const body = { item_id: item.id, size: 'EU 42', price: 15000 };
    const first = await post(secret, body, idempotencyKey);
    expect(first.status).toBe(201);
    const { sale } = createV1Sale.response.parse(await first.json());
    expect(sale).toMatchObject({
      item_id: item.id,
      price: 15000,
      purchase_price: 9000,
      profit: 6000,
      currency: 'EUR',
    });
    const again = await post(secret, body, idempotencyKey);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { sale: { id: string } }).sale.id).toBe(sale.id);

    // A real sale: the dashboard sees it once and the item lost that size.
    const { sales } = await store.client.call(listSales, { query: {} });
    expect(sales.filter((s) => s.itemId === item.id).map((s) => s.id)).toEqual([sale.id]);
    const { item: after } = await store.client.call(getMyItem, { params: { itemId: item.id } });
    expect(after.sizes).toEqual(['EU 43']);
    const sold = await post(secret, body);
    expect(sold.status).toBe(409);
    expect(((await sold.json()) as { error: { code: string } }).error.code).toBe('ITEM_NOT_AVAILABLE');
    expect((await post(secret, { ...body, size: 'EU 43' }, '')).status).toBe(400);
  });

  it('answers another store’s item or virtual product 404 and sells nothing of it', async () => {
    const a = await storeWithStock();
    const b = await storeWithStock();
    for (const body of [
      { item_id: a.item.id, size: 'EU 42', price: 100 },
      { item_id: a.virtualProduct.id, size: 'UK 8', price: 100, is_virtual: true },
    ]) {
      const res = await post(b.secret, body);
      expect(res.status).toBe(404);
    }
    const { item } = await a.store.client.call(getMyItem, { params: { itemId: a.item.id } });
    expect(item.sizes).toEqual(['EU 42', 'EU 43']);
  });

  it('GET /v1/virtual-products lists the store’s own; a virtual sale with is_virtual goes through', async () => {
    const a = await storeWithStock();
    const listed = listV1VirtualProducts.response.parse(
      await (await withKey('/v1/virtual-products', a.secret)).json(),
    );
    expect(listed.virtual_products.map((v) => [v.id, v.price, v.active])).toEqual([
      [a.virtualProduct.id, 12000, true],
    ]);
    const res = await post(a.secret, {
      item_id: a.virtualProduct.id,
      size: 'uk 8',
      price: 12500,
      is_virtual: true,
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { sale: { is_virtual: boolean; profit: number } }).sale).toMatchObject({
      is_virtual: true,
      profit: 5500,
    });
  });

  it('GET /v1/prices/{productId} answers the store’s asking prices beside the catalogue’s retail prices', async () => {
    const admin = api(await signIn(cloud().admin.email, cloud().admin.password));
    const { product } = await admin.call(createProduct, {
      body: {
        sku: `PR-${randomUUID().slice(0, 8).toUpperCase()}`,
        name: 'Air Jordan 4 Retro',
        brand: 'Jordan',
        retailPrice: 20999,
        variants: [{ label: 'US M 9', retailPrice: 20999, size: { eu: '42.5', usM: '9' } }],
      },
    });
    const a = await storeWithStock(product.id);
    const b = await storeWithStock(product.id);
    const res = await withKey(`/v1/prices/${product.id}`, a.secret);
    expect(res.status).toBe(200);
    const prices = getV1Prices.response.parse(await res.json());
    expect(prices.store_prices).toEqual([
      { item_id: a.item.id, sizes: ['EU 42', 'EU 43'], status: 'available', price: 14000, currency: 'EUR' },
    ]);
    expect(JSON.stringify(prices)).not.toContain(b.item.id);
    expect(prices.market).toMatchObject({
      retail_price: 20999,
      variants: [{ label: 'US M 9', size_eu: '42.5' }],
    });
    expect((await withKey('/v1/prices/no-such-product', a.secret)).status).toBe(404);
  });

  it('GET /v1/openapi.json is public and lists every /v1 route', async () => {
    const res = await withKey('/v1/openapi.json', undefined);
    expect(res.status).toBe(200);
    const document = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    for (const contract of storeApiV1Contracts)
      expect(document.paths[contract.path]?.[contract.method.toLowerCase()], contract.id).toBeDefined();
  });
});
