import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import {
  V1_DEFAULT_BUYER_NAME,
  createV1Sale,
  listV1VirtualProducts as listContract,
  v1SaleCreateSchema,
} from '@sneakers/shared/contracts/store-api-v1';
import { recordSale, recordV1Sale, saleInputOfV1 } from '../../src/sales/domain';
import { toV1VirtualProduct } from '../../src/virtual-products/domain';
import { listItem } from './items';
import { salesMemory } from './sales-memory';

const store = (userId: string): Actor => ({ kind: 'user', userId, isSuperuser: false, isDemo: false });
const A = store('store-a');
const B = store('store-b');
const headers = (key: string) => ({ 'idempotency-key': `v1-sale-${key}-000000` });

function world() {
  const m = salesMemory();
  m.addItem(listItem({ id: 'item-1', userId: 'store-a', sizes: ['EU 42', 'EU 43'], purchasePrice: 9000 }));
  m.addProfile('store-a', { businessName: 'Kicks Madrid', language: 'es', currency: 'EUR' });
  m.addVirtual({
    storeUserId: 'store-a',
    id: 'vp-1',
    productCatalogId: null,
    productVariantId: null,
    sku: 'IE0421',
    name: 'Samba OG',
    brand: 'adidas',
    colorway: 'White',
    imageUrl: null,
    price: 12000,
    costPrice: 7000,
    currency: 'EUR',
    sizes: ['UK 8'],
    active: true,
    notes: null,
    soldCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  });
  return m;
}

async function code(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; code?: string } | null;
  return error && [error.status, error.code];
}

describe('POST /v1/sales', () => {
  it('is the dashboard’s own sale: same input, the stock taken, the event out, snake_case answer', async () => {
    const m = world();
    const body = v1SaleCreateSchema.parse({ item_id: 'item-1', size: 'EU 42', price: 15000 });
    const { sale, created } = await recordV1Sale(m.deps, A, headers('k-1'), body);
    expect(created).toBe(true);
    expect(sale).toMatchObject({
      item_id: 'item-1',
      is_virtual: false,
      size: 'EU 42',
      price: 15000,
      purchase_price: 9000,
      profit: 6000,
      currency: 'EUR',
      buyer_name: V1_DEFAULT_BUYER_NAME,
    });
    expect(() => createV1Sale.response.parse({ sale })).not.toThrow();
    expect(m.item('store-a', 'item-1')?.sizes).toEqual(['EU 43']);
    expect(m.events.map((e) => e.detailType)).toEqual(['Sale.Recorded']);

    // A dashboard sale with the same input records the same sale.
    const twin = world();
    const dashboard = await recordSale(twin.deps, A, headers('k-1'), saleInputOfV1(body));
    expect(dashboard.sale).toEqual((await recordSale(m.deps, A, headers('k-1'), saleInputOfV1(body))).sale);
  });

  it('replays a retry with the same Idempotency-Key: one sale', async () => {
    const m = world();
    const body = v1SaleCreateSchema.parse({
      item_id: 'item-1',
      size: 'EU 42',
      price: 15000,
      buyer_name: 'Ana',
    });
    const first = await recordV1Sale(m.deps, A, headers('k-2'), body);
    const again = await recordV1Sale(m.deps, A, headers('k-2'), body);
    expect(again).toEqual({ sale: first.sale, created: false });
    expect(m.sales.size).toBe(1);
  });

  it('sells a virtual product with is_virtual, at its cost', async () => {
    const m = world();
    const body = v1SaleCreateSchema.parse({ item_id: 'vp-1', size: 'uk 8', price: 12000, is_virtual: true });
    const { sale } = await recordV1Sale(m.deps, A, headers('k-3'), body);
    expect(sale).toMatchObject({ is_virtual: true, purchase_price: 7000, profit: 5000 });
  });

  it('answers 404 for another store’s item and a blank buyer falls back to the default label', async () => {
    const m = world();
    const body = v1SaleCreateSchema.parse({ item_id: 'item-1', size: 'EU 42', price: 100, buyer_name: '  ' });
    expect(await code(recordV1Sale(m.deps, B, headers('k-4'), body))).toEqual([404, 'ITEM_NOT_FOUND']);
    expect(saleInputOfV1(body).buyerName).toBe(V1_DEFAULT_BUYER_NAME);
    expect(await code(recordV1Sale(m.deps, A, {}, body))).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
  });
});

describe('GET /v1/virtual-products', () => {
  it('maps a virtual product to the contract’s snake_case shape', () => {
    const m = world();
    const record = m.virtuals.get('store-a#vp-1');
    if (!record) throw new Error('seed');
    const { storeUserId: _s, ...product } = record;
    const v1 = toV1VirtualProduct(product);
    expect(v1).toMatchObject({ id: 'vp-1', price: 12000, active: true, product_id: null });
    expect(() => listContract.response.parse({ virtual_products: [v1], cursor: null })).not.toThrow();
  });
});
