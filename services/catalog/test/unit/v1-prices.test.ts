import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { getV1Prices } from '@sneakers/shared/contracts/store-api-v1';
import { readV1Prices } from '../../src/prices/domain';
import type { StoreItemPrice, StoreItems } from '../../src/prices/ports';
import { upsertProducts } from '../../src/products/domain';
import { memoryDeps } from './memory';

const store = (userId: string): Actor => ({ kind: 'user', userId, isSuperuser: false, isDemo: false });

/** The lists' inventory rows by store and product, as the shared item view reads them. */
function storeItems(rows: (StoreItemPrice & { store: string; productId: string })[]): StoreItems {
  return {
    ofProduct: async (storeUserId, productId) =>
      rows
        .filter((r) => r.store === storeUserId && r.productId === productId)
        .map(({ store: _s, productId: _p, ...item }) => item),
  };
}

async function world() {
  const { deps } = memoryDeps();
  const { productIds } = await upsertProducts(deps, [
    {
      sku: 'DD1391-100',
      name: 'Dunk Low Panda',
      brand: 'Nike',
      retailPrice: 11999,
      variants: [
        { label: 'US M 10', retailPrice: 12999, size: { eu: '44', usM: '10' } },
        { label: 'US M 9', retailPrice: 11999, size: { eu: '42.5', usM: '9' } },
      ],
    },
  ]);
  const productId = productIds[0] ?? '';
  const items = storeItems([
    {
      store: 'store-a',
      productId,
      id: 'item-1',
      sizes: ['EU 42'],
      status: 'available',
      askingPrice: 14000,
      currency: 'EUR',
    },
    {
      store: 'store-b',
      productId,
      id: 'item-9',
      sizes: ['EU 44'],
      status: 'available',
      askingPrice: 99900,
      currency: 'EUR',
    },
  ]);
  return { deps: { repo: deps.repo, storeItems: items }, productId };
}

describe('GET /v1/prices/{productId}', () => {
  it('answers the key’s store’s own asking prices beside the catalogue’s market data', async () => {
    const { deps, productId } = await world();
    const prices = await readV1Prices(deps, store('store-a'), productId);
    expect(prices.store_prices).toEqual([
      { item_id: 'item-1', sizes: ['EU 42'], status: 'available', price: 14000, currency: 'EUR' },
    ]);
    expect(prices.market.retail_price).toBe(11999);
    // Sorted by size as the catalogue shows them.
    expect(prices.market.variants.map((v) => [v.label, v.size_eu, v.retail_price])).toEqual([
      ['US M 9', '42.5', 11999],
      ['US M 10', '44', 12999],
    ]);
    expect(() => getV1Prices.response.parse(prices)).not.toThrow();
  });

  it('shows a store none of another store’s prices, and an unknown product is 404', async () => {
    const { deps, productId } = await world();
    expect((await readV1Prices(deps, store('store-c'), productId)).store_prices).toEqual([]);
    const error = await readV1Prices(deps, store('store-a'), 'missing').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'PRODUCT_NOT_FOUND' });
  });
});
