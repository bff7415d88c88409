import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import type { Item } from '@sneakers/shared/contracts/lists';
import { sequenceIds } from '@sneakers/shared/ids';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import { fromOrderRow, toOrderRow } from '../../src/orders/order-entity';
import type { OrderRecord } from '../../src/orders/ports';
import type { ItemTake } from '../../src/offer-orders/ports';
import {
  recordStorefrontOrder,
  STOCK_MISSING_NOTE,
  type CheckoutPaid,
} from '../../src/storefront-orders/domain';
import type { StorefrontOrdersDeps } from '../../src/storefront-orders/ports';
import { listItem } from './items';

/** Online orders (docs/product/commerce.md#online-orders) against an in-memory repository. */
const NOW = new Date('2026-11-28T10:00:00.000Z');

const paid = (over: Partial<CheckoutPaid> = {}): CheckoutPaid => ({
  checkoutId: '01JCHECKOUT0000000000000001',
  storeUserId: 'store-1',
  productId: 'p-1',
  itemId: 'item-1',
  listType: 'inventory',
  virtualProductId: null,
  size: '42',
  amount: 18000,
  currency: 'EUR',
  line: {
    productCatalogId: 'cat-1',
    productVariantId: null,
    sku: 'DD1391-100',
    name: 'Dunk Low Panda',
    brand: 'Nike',
    colorway: 'White/Black',
    imageUrl: null,
  },
  buyer: {
    name: 'Lucía Fernández',
    email: 'lucia@example.com',
    phone: '+34 600 111 222',
    locale: 'es',
    shipping: { line1: 'Calle Mayor 1', line2: null, city: 'Madrid', postalCode: '28013', country: 'ES' },
  },
  paymentIntentId: 'pi_1',
  paidAt: NOW.toISOString(),
  ...over,
});

/** A stored online order, as the row test and the twin delivery write it. */
const onlineOrder = {
  id: 'o-1',
  kind: 'sale',
  status: 'paid',
  storeUserId: 'store-1',
  storeBusinessName: 'Kicks Madrid',
  counterparty: { kind: 'contact', clientId: null, userId: null, name: 'Ana', email: 'ana@example.com' },
  lines: [],
  currency: 'EUR',
  total: 0,
  notes: null,
  shareId: 'share-1',
  offerGroupId: null,
  anonymousOfferId: null,
  saleIds: [],
  fulfilledAt: null,
  channel: 'storefront',
  buyer: {
    phone: '+34 600',
    locale: 'en',
    shipping: { line1: 'A 1', line2: null, city: 'Madrid', postalCode: '28013', country: 'ES' },
  },
  paymentReference: 'pi_1',
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
} satisfies OrderRecord;

function memory(items: Item[]) {
  const stock = new Map(items.map((i) => [i.id, i]));
  const orders = new Map<string, OrderRecord>();
  const events: OutboxEvent[] = [];
  let beforeWrite: (() => void) | null = null;
  const deps: StorefrontOrdersDeps = {
    repo: {
      getStore: async () => ({ businessName: 'Kicks Madrid', currency: 'EUR', language: 'en' }),
      getOrder: async (storeUserId, id) => orders.get(`${storeUserId}#${id}`) ?? null,
      getItem: async (_store, _list, id) => stock.get(id) ?? null,
      getVirtualProductCost: async () => 4000,
      async createStorefrontOrder(order, take: ItemTake | null, event) {
        beforeWrite?.();
        beforeWrite = null;
        if (orders.has(`${order.storeUserId}#${order.id}`)) return 'duplicate';
        if (take && stock.get(take.next.id)?.updatedAt !== take.beforeUpdatedAt) return 'stale';
        if (take) stock.set(take.next.id, take.next);
        orders.set(`${order.storeUserId}#${order.id}`, order);
        events.push(event);
        return 'committed';
      },
    },
    clock: fixedClock(NOW),
    ids: sequenceIds('id'),
    shareIds: sequenceIds('share'),
  };
  return { deps, stock, orders, events, setBeforeWrite: (f: () => void) => (beforeWrite = f) };
}

describe('a paid storefront checkout', () => {
  it('becomes one paid sale order with the buyer, the payment reference and the item cost, and takes the size', async () => {
    const m = memory([listItem({ sizes: ['42', '43'], purchasePrice: 9000 })]);
    expect(await recordStorefrontOrder(m.deps, paid())).toBe('created');
    const order = m.orders.get('store-1#01JCHECKOUT0000000000000001');
    expect(order).toMatchObject({
      kind: 'sale',
      status: 'paid',
      channel: 'storefront',
      storeBusinessName: 'Kicks Madrid',
      counterparty: { kind: 'contact', name: 'Lucía Fernández', email: 'lucia@example.com' },
      buyer: { phone: '+34 600 111 222', locale: 'es', shipping: { city: 'Madrid', line2: null } },
      paymentReference: 'pi_1',
      currency: 'EUR',
      total: 18000,
      notes: null,
    });
    expect(order?.lines).toEqual([
      expect.objectContaining({
        itemId: 'item-1',
        size: '42',
        quantity: 1,
        unitPrice: 18000,
        unitCost: 9000,
      }),
    ]);
    expect(m.stock.get('item-1')?.sizes).toEqual(['43']);
    expect(
      m.events.map((e) => [e.detailType, (e.detail as { data: { channel: string } }).data.channel]),
    ).toEqual([['Order.Created', 'storefront']]);
  });

  it('creates nothing when the same event arrives again', async () => {
    const m = memory([listItem({ sizes: ['42', '43'] })]);
    await recordStorefrontOrder(m.deps, paid());
    expect(await recordStorefrontOrder(m.deps, paid())).toBe('duplicate');
    expect(m.orders.size).toBe(1);
    expect(m.events).toHaveLength(1);
    expect(m.stock.get('item-1')?.sizes).toEqual(['43']);
  });

  it('creates nothing when a twin delivery committed between the read and the write', async () => {
    const m = memory([listItem({ sizes: ['42', '43'] })]);
    m.setBeforeWrite(() => {
      m.orders.set('store-1#01JCHECKOUT0000000000000001', {
        ...onlineOrder,
        id: '01JCHECKOUT0000000000000001',
      });
    });
    expect(await recordStorefrontOrder(m.deps, paid())).toBe('duplicate');
    expect(m.events).toHaveLength(0);
    expect(m.stock.get('item-1')?.sizes).toEqual(['42', '43']);
  });

  it('reads the item again when it changed meanwhile, then takes the size', async () => {
    const m = memory([listItem({ sizes: ['42', '43', '44'] })]);
    m.setBeforeWrite(() => {
      const item = m.stock.get('item-1')!;
      m.stock.set('item-1', { ...item, sizes: ['42', '43'], updatedAt: '2026-11-28T09:59:00.000Z' });
    });
    expect(await recordStorefrontOrder(m.deps, paid())).toBe('created');
    expect(m.stock.get('item-1')?.sizes).toEqual(['43']);
  });

  it('still records the paid order, with a note, when the pair was sold during the hold', async () => {
    const m = memory([listItem({ sizes: ['43'] })]);
    expect(await recordStorefrontOrder(m.deps, paid())).toBe('created');
    const order = m.orders.get('store-1#01JCHECKOUT0000000000000001');
    expect(order?.status).toBe('paid');
    expect(order?.notes).toBe(STOCK_MISSING_NOTE);
    expect(m.stock.get('item-1')?.sizes).toEqual(['43']);
    expect((m.events[0]?.detail as { data: { stockMissing: boolean } }).data.stockMissing).toBe(true);
  });

  it('takes no stock for a virtual product and costs it at its cost price', async () => {
    const m = memory([]);
    await recordStorefrontOrder(m.deps, paid({ itemId: null, listType: null, virtualProductId: 'vp-1' }));
    const order = m.orders.get('store-1#01JCHECKOUT0000000000000001');
    expect(order?.notes).toBeNull();
    expect(order?.lines[0]).toMatchObject({ itemId: null, unitCost: 4000 });
    expect((m.events[0]?.detail as { data: { stockMissing: boolean } }).data.stockMissing).toBe(false);
  });
});

describe("an online order's row", () => {
  it('reads back a buyer whose empty second address line the table left out, and channels of older rows', () => {
    const record = onlineOrder;
    const row = toOrderRow(record);
    const stored = {
      ...row,
      buyer: { ...record.buyer, shipping: { ...record.buyer.shipping, line2: undefined } },
    };
    expect(fromOrderRow(stored).buyer?.shipping.line2).toBeNull();
    expect(fromOrderRow(stored)).toEqual(record);
    const { channel: _c, buyer: _b, paymentReference: _p, ...older } = row;
    expect(fromOrderRow(older)).toMatchObject({ channel: 'dashboard', buyer: null, paymentReference: null });
    expect(fromOrderRow({ ...older, offerGroupId: 'g-1' }).channel).toBe('offer');
  });
});
