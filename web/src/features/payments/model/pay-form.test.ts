import { describe, expect, it } from 'vitest';
import { PAYMENT_CONSIGNMENTS_MAX, type Consignment } from '@sneakers/shared';
import { keepPayable, localToday, selectable, selectionOf, toggled } from './pay-form';

function consignment(id: string, price: number, currency: Consignment['currency'] = 'EUR'): Consignment {
  return {
    id,
    providerId: 'pr-1',
    itemSku: 'SKU',
    itemName: 'Shoe',
    size: '42',
    productCatalogId: null,
    productVariantId: null,
    itemBrand: '',
    itemColorway: '',
    itemImageUrl: null,
    price,
    salePrice: price + 1000,
    currency,
    status: 'sold',
    notes: null,
    soldAt: '2026-01-01T00:00:00Z',
    saleId: null,
    paymentId: null,
    paidAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

describe('pay form', () => {
  const a = consignment('a', 12050);
  const b = consignment('b', 8000);
  const usd = consignment('c', 5000, 'USD');

  it('adds up the checked consignments in their currency', () => {
    expect(selectionOf([a, b, usd], new Set())).toEqual({ total: 0, currency: null, count: 0 });
    expect(selectionOf([a, b, usd], new Set(['a', 'b']))).toEqual({
      total: 20050,
      currency: 'EUR',
      count: 2,
    });
  });

  it('never mixes currencies and stops at the most a payment settles', () => {
    const eur = selectionOf([a, b, usd], new Set(['a']));
    expect(selectable(b, eur, false)).toBe(true);
    expect(selectable(usd, eur, false)).toBe(false);
    expect(selectable(usd, selectionOf([a, b, usd], new Set()), false)).toBe(true);
    const full = { total: 0, currency: 'EUR' as const, count: PAYMENT_CONSIGNMENTS_MAX };
    expect(selectable(b, full, false)).toBe(false);
    // A checked one can always be unchecked.
    expect(selectable(a, full, true)).toBe(true);
  });

  it('toggles ids and drops those no longer payable', () => {
    expect([...toggled(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggled(new Set(['a', 'b']), 'a')]).toEqual(['b']);
    expect([...keepPayable(new Set(['a', 'b']), [b])]).toEqual(['b']);
  });

  it("is today's date where the user is", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
