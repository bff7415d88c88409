import { describe, expect, it } from 'vitest';
import { CHECKOUT_HOLD_MINUTES, CHECKOUT_SESSION_MINUTES } from '@sneakers/shared/contracts/storefront';
import type { ProductOffer } from '../../src/catalog/product-entity';
import { offersOfSize, sessionExpiry, toCheckout } from '../../src/checkout/domain';
import type { CheckoutRecord } from '../../src/checkout/ports';

const offer = (label: string, price: number, itemId: string): ProductOffer => ({
  label,
  chart: null,
  price,
  itemId,
  listType: 'inventory',
  virtualProductId: null,
  unitCost: null,
  productVariantId: null,
});

const record = (fields: Partial<CheckoutRecord>): CheckoutRecord => ({
  storeUserId: 'store',
  checkoutId: 'c1',
  status: 'open',
  productId: 'p1',
  productName: 'Dunk',
  imageUrl: null,
  size: 'US 9',
  amount: 100,
  currency: 'EUR',
  itemId: 'i1',
  listType: 'inventory',
  virtualProductId: null,
  productCatalogId: null,
  productVariantId: null,
  sku: 'dd1391-100',
  brand: 'Nike',
  colorway: 'Panda',
  buyer: {
    name: 'A',
    email: 'a@example.com',
    phone: '+34 600',
    locale: 'en',
    shipping: { line1: 'x', line2: null, city: 'y', postalCode: '1', country: 'ES' },
  },
  holdExpiresAt: '2026-11-28T10:35:00.000Z',
  sessionId: null,
  sessionUrl: null,
  paymentIntentId: null,
  paidAt: null,
  orderShareId: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...fields,
});

describe('storefront checkout rules', () => {
  it("closes the provider's page after its 30-minute minimum and before the hold ends", () => {
    const start = Date.parse('2026-11-28T10:00:00.000Z');
    const ends = Date.parse(sessionExpiry({ createdAt: '2026-11-28T10:00:00.000Z' }));
    expect(ends - start).toBeGreaterThan(CHECKOUT_SESSION_MINUTES * 60_000);
    expect(ends - start).toBeLessThan(CHECKOUT_HOLD_MINUTES * 60_000);
  });

  it('picks the pairs of the size, whatever its case and spaces, cheapest first', () => {
    const offers = [offer('US 9', 200, 'a'), offer('US 10', 100, 'b'), offer('us 9 ', 150, 'c')];
    expect(offersOfSize(offers, 'US 9').map((o) => o.itemId)).toEqual(['c', 'a']);
    expect(offersOfSize(offers, 'US 11')).toEqual([]);
  });

  it('shows an open checkout whose hold has lapsed as expired, and nothing of the buyer', () => {
    const open = record({});
    expect(toCheckout(open, new Date('2026-11-28T10:34:59Z')).status).toBe('open');
    expect(toCheckout(open, new Date('2026-11-28T10:35:00Z')).status).toBe('expired');
    expect(toCheckout(record({ status: 'paid' }), new Date('2026-11-29T00:00:00Z')).status).toBe('paid');
    expect(JSON.stringify(toCheckout(open, new Date()))).not.toMatch(/a@example\.com|i1|\+34/);
  });
});
