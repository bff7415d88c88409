import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import type { Item } from '@sneakers/shared/contracts/lists';
import { saleCreateSchema, type SaleCreate } from '@sneakers/shared/contracts/sales';
import { getSale, listSales, recordSale, updateSale } from '../../src/sales/domain';
import { buildSale, queuesConfirmation, saleRecordedEvent } from '../../src/sales/sale-record';
import { salesMemory } from './sales-memory';
import { listItem } from './items';

const user = (userId: string, isDemo = false): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo,
});
const A = user('store-a');
const B = user('store-b');
let keys = 0;
const headers = () => ({ 'idempotency-key': `key-${String(++keys).padStart(6, '0')}` });
const input = (over: Partial<SaleCreate> = {}) =>
  saleCreateSchema.parse({
    source: 'inventory',
    itemId: 'item-1',
    size: '42',
    salePrice: 15000,
    buyerName: 'Ana',
    ...over,
  });

const item = (over: Partial<Item> = {}): Item =>
  listItem({
    userId: 'store-a',
    productCatalogId: 'prod-1',
    sizes: ['42', '43'],
    purchasePrice: 9000,
    ...over,
  });

async function code(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; code?: string } | null;
  return error && [error.status, error.code];
}

function store() {
  const m = salesMemory();
  m.addItem(item());
  m.addProfile('store-a', { businessName: 'Kicks Madrid', language: 'es', currency: 'EUR' });
  m.addClient('store-a', { clientId: 'client-1', name: 'Carla Client', email: 'carla@example.com' });
  return m;
}

describe('recording an inventory sale', () => {
  it('takes the size in the same write as the sale, with profit and the confirmation event', async () => {
    const m = store();
    const { sale, created } = await recordSale(
      m.deps,
      A,
      headers(),
      input({ clientId: 'client-1', buyerName: 'ignored', fees: 1000 }),
    );
    expect(created).toBe(true);
    expect(sale).toMatchObject({
      source: 'inventory',
      itemId: 'item-1',
      size: '42',
      purchasePrice: 9000,
      fees: 1000,
      profit: 5000,
      currency: 'EUR',
      saleDate: '2026-11-22',
      clientId: 'client-1',
      buyerName: 'Carla Client',
      paymentMethod: null,
      confirmationQueuedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(m.item('store-a', 'item-1')).toMatchObject({ sizes: ['43'], status: 'available' });
    expect(m.events.map((e) => e.detailType)).toEqual(['Sale.Recorded']);
    expect(m.events[0]?.detail).toMatchObject({
      data: {
        saleId: sale.id,
        clientEmail: 'carla@example.com',
        clientName: 'Carla Client',
        notifyClient: true,
        language: 'es',
        storeBusinessName: 'Kicks Madrid',
      },
    });
  });

  it('a retry with the same key replays the first sale and sells nothing more', async () => {
    const m = store();
    const h = headers();
    const first = await recordSale(m.deps, A, h, input());
    const again = await recordSale(m.deps, A, h, input());
    expect(again).toEqual({ sale: first.sale, created: false });
    expect(m.sales.size).toBe(1);
    expect(m.item('store-a', 'item-1')?.sizes).toEqual(['43']);
  });

  it('a retry after the last pair sold still answers the first sale; another body under the key is refused', async () => {
    const m = store();
    m.addItem(item({ sizes: ['42'] }));
    const h = headers();
    const first = await recordSale(m.deps, A, h, input());
    expect(await recordSale(m.deps, A, h, input())).toEqual({ sale: first.sale, created: false });
    expect(await code(recordSale(m.deps, A, h, input({ salePrice: 1 })))).toEqual([
      409,
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    expect(m.sales.size).toBe(1);
  });

  it('re-reads once when another sale took another size meanwhile, and still sells', async () => {
    const m = store();
    m.hooks.beforeWrite = () => m.addItem(item({ sizes: ['42'], updatedAt: '2026-11-22T09:59:00.000Z' }));
    const { sale } = await recordSale(m.deps, A, headers(), input());
    expect(sale.size).toBe('42');
    expect(m.item('store-a', 'item-1')).toMatchObject({ sizes: ['42'], status: 'sold' });
  });

  it('409 ITEM_NOT_AVAILABLE when another tab sold the same size first', async () => {
    const m = store();
    m.hooks.beforeWrite = () => m.addItem(item({ sizes: ['43'], updatedAt: '2026-11-22T09:59:00.000Z' }));
    expect(await code(recordSale(m.deps, A, headers(), input()))).toEqual([409, 'ITEM_NOT_AVAILABLE']);
    expect(m.sales.size).toBe(0);
    expect(m.events).toEqual([]);
  });

  it.each([
    ['a size not in stock', input({ size: '45' }), [409, 'ITEM_NOT_AVAILABLE']],
    ['another store’s item', input({ itemId: 'item-1' }), [404, 'ITEM_NOT_FOUND'], B],
    ['a missing client', input({ clientId: 'nobody' }), [404, 'CLIENT_NOT_FOUND']],
    ['no buyer at all', input({ buyerName: '  ' }), [400, 'BUYER_REQUIRED']],
    ['no size', input({ size: undefined }), [400, 'VALIDATION_FAILED']],
    ['a demo user', input(), [403, 'DEMO_MODE'], user('store-a', true)],
  ] as const)('refuses %s', async (_label, body, expected, actor = A) => {
    const m = store();
    expect(await code(recordSale(m.deps, actor, headers(), body))).toEqual(expected);
    expect(m.item('store-a', 'item-1')?.sizes).toEqual(['42', '43']);
  });

  it('queues no confirmation for a buyer known by name only, or when switched off', async () => {
    const m = store();
    const byName = await recordSale(m.deps, A, headers(), input());
    const quiet = await recordSale(
      m.deps,
      A,
      headers(),
      input({ size: '43', clientId: 'client-1', notifyClient: false }),
    );
    expect([byName.sale.confirmationQueuedAt, quiet.sale.confirmationQueuedAt]).toEqual([null, null]);
    expect(m.events.map((e) => e.detail)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ clientEmail: '', notifyClient: true }) }),
      expect.objectContaining({
        data: expect.objectContaining({ clientEmail: 'carla@example.com', notifyClient: false }),
      }),
    ]);
  });
});

describe('recording a consignment sale', () => {
  const consignmentStore = () => {
    const m = store();
    m.addProvider('store-a', { id: 'prov-1', name: 'Pablo', email: 'pablo@example.com' });
    m.addConsignment({
      storeUserId: 'store-a',
      providerId: 'prov-1',
      id: 'cons-1',
      itemSku: 'FQ1759-100',
      itemName: 'Jordan 1 Low',
      size: '44',
      price: 7000,
      currency: 'EUR',
      status: 'in_stock',
    });
    m.addConsignment({
      storeUserId: 'store-a',
      providerId: 'prov-1',
      id: 'cons-2',
      itemSku: 'DZ5485-612',
      itemName: 'Air Jordan 1 Chicago',
      size: '42',
      productCatalogId: 'prod-1',
      itemBrand: 'Jordan',
      itemColorway: 'Varsity Red',
      itemImageUrl: 'https://img.example/aj1.png',
      price: 12000,
      currency: 'EUR',
      status: 'in_stock',
    });
    return m;
  };
  const body = input({
    source: 'consignment',
    itemId: undefined,
    size: undefined,
    providerId: 'prov-1',
    consignmentId: 'cons-1',
  });

  it('marks it sold with the sale id and writes Consignment.Sold for the provider’s email', async () => {
    const m = consignmentStore();
    const { sale } = await recordSale(m.deps, A, headers(), body);
    expect(sale).toMatchObject({
      source: 'consignment',
      size: '44',
      purchasePrice: 7000,
      profit: 8000,
      itemId: null,
    });
    expect(m.consignments.get('store-a#prov-1#cons-1')).toMatchObject({
      status: 'sold',
      saleId: sale.id,
      salePrice: 15000,
    });
    expect(m.events.map((e) => e.detailType)).toEqual(['Sale.Recorded', 'Consignment.Sold']);
    expect(m.events[1]?.detail).toMatchObject({
      data: {
        providerEmail: 'pablo@example.com',
        price: 7000,
        storeBusinessName: 'Kicks Madrid',
        language: 'es',
      },
    });
  });

  it("carries the consignment's catalogue pick, so the overview's sales by brand name its brand", async () => {
    const m = consignmentStore();
    const picked = await recordSale(m.deps, A, headers(), { ...body, consignmentId: 'cons-2' });
    expect(picked.sale).toMatchObject({
      productCatalogId: 'prod-1',
      sku: 'DZ5485-612',
      brand: 'Jordan',
      colorway: 'Varsity Red',
      imageUrl: 'https://img.example/aj1.png',
    });
    // Typed by hand (or recorded before the picker): no brand, as before.
    const typed = await recordSale(m.deps, A, headers(), body);
    expect(typed.sale).toMatchObject({ productCatalogId: null, brand: '', colorway: '', imageUrl: null });
  });

  it('409 CONSIGNMENT_NOT_IN_STOCK once sold, 404 for another store', async () => {
    const m = consignmentStore();
    await recordSale(m.deps, A, headers(), body);
    expect(await code(recordSale(m.deps, A, headers(), body))).toEqual([409, 'CONSIGNMENT_NOT_IN_STOCK']);
    expect(await code(recordSale(m.deps, B, headers(), body))).toEqual([404, 'CONSIGNMENT_NOT_FOUND']);
  });
});

describe('recording a virtual product sale', () => {
  const virtualStore = (active = true) => {
    const m = store();
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
      costPrice: null,
      currency: 'GBP',
      sizes: ['UK 8', 'UK 9'],
      active,
      notes: null,
      soldCount: 2,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
    });
    return m;
  };
  const body = (size: string) => input({ source: 'virtual', itemId: 'vp-1', size, salePrice: 12000 });

  it('sells an offered size (any case), counts it, costs 0 without a cost price, in its currency', async () => {
    const m = virtualStore();
    const { sale } = await recordSale(m.deps, A, headers(), body('uk 9'));
    expect(sale).toMatchObject({ size: 'UK 9', purchasePrice: 0, profit: 12000, currency: 'GBP' });
    expect(m.virtuals.get('store-a#vp-1')?.soldCount).toBe(3);
  });

  it('400 SIZE_NOT_OFFERED for another size; 409 ITEM_NOT_AVAILABLE when inactive', async () => {
    expect(await code(recordSale(virtualStore().deps, A, headers(), body('UK 10')))).toEqual([
      400,
      'SIZE_NOT_OFFERED',
    ]);
    expect(await code(recordSale(virtualStore(false).deps, A, headers(), body('UK 8')))).toEqual([
      409,
      'ITEM_NOT_AVAILABLE',
    ]);
  });
});

describe('reading and updating sales', () => {
  it('lists a period newest sale date first; get and update are the store’s only', async () => {
    const m = store();
    m.addItem(item({ sizes: ['40', '41', '42'] }));
    const early = await recordSale(m.deps, A, headers(), input({ size: '40', saleDate: '2026-01-10' }));
    const late = await recordSale(m.deps, A, headers(), input({ size: '41', saleDate: '2026-02-10' }));
    await recordSale(m.deps, A, headers(), input({ size: '42', saleDate: '2026-03-10' }));
    const page = await listSales(m.deps, A, { from: '2026-01-01', to: '2026-02-28' });
    expect(page.items.map((s) => s.id)).toEqual([late.sale.id, early.sale.id]);
    expect(await code(listSales(m.deps, A, { from: '2026-03-01', to: '2026-02-01' }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);

    expect(await code(getSale(m.deps, B, early.sale.id))).toEqual([404, 'SALE_NOT_FOUND']);
    expect(await code(updateSale(m.deps, B, early.sale.id, { notes: 'x' }))).toEqual([404, 'SALE_NOT_FOUND']);
    const updated = await updateSale(m.deps, A, early.sale.id, { trackingNumber: ' 1Z999 ', notes: '  ' });
    expect(updated).toMatchObject({ trackingNumber: '1Z999', notes: null, salePrice: 15000 });
  });
});

describe('the sale builder shared with order fulfilment', () => {
  it('computes the profit for all pairs and defaults the date to today (UTC)', () => {
    const sale = buildSale({
      storeUserId: 'store-a',
      id: 'sale-9',
      now: new Date('2026-11-22T23:30:00-05:00'),
      source: 'order',
      orderId: 'order-1',
      product: { productCatalogId: 'p', sku: 'S', name: 'N', brand: 'B', colorway: 'C', imageUrl: null },
      size: ' 42 ',
      quantity: 3,
      salePrice: 45000,
      purchasePrice: 27000,
      currency: 'EUR',
      buyer: { clientId: 'client-1', buyerName: 'Carla' },
      confirmationQueued: false,
    });
    expect(sale).toMatchObject({
      size: '42',
      quantity: 3,
      fees: 0,
      profit: 18000,
      saleDate: '2026-11-23',
      orderId: 'order-1',
    });
    const event = saleRecordedEvent(sale, {
      eventId: 'e1',
      clientEmail: '',
      notifyClient: true,
      store: null,
    });
    expect(event).toMatchObject({
      detailType: 'Sale.Recorded',
      detail: { data: { language: 'en', quantity: 3 } },
    });
  });

  it.each([
    ['carla@example.com', undefined, true],
    ['carla@example.com', false, false],
    ['', true, false],
    ['  ', undefined, false],
  ] as const)('queues the confirmation to %j (notify %s) → %s', (email, notify, queued) => {
    expect(queuesConfirmation(email, notify)).toBe(queued);
  });
});
