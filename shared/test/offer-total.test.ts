import { describe, expect, it } from 'vitest';
import type { OfferStatus } from '../src/contracts/offers';
import { agreedLineTotal, agreedTotal, anonymousAgreedTotal, isDealSettled } from '../src/rules/offer-price';

const line = (
  status: OfferStatus | null,
  offeredPrice: number,
  counterPrice: number | null = null,
  quantity = 1,
) => ({
  status,
  offeredPrice,
  counterPrice,
  quantity,
});

describe('the agreed total of an offer (docs/product/offers.md#offer-total)', () => {
  it('counts a countered line at the counter once the counter is accepted', () => {
    // Issue 25: €125 + €210 offered, the first accepted, the second countered at €215 and accepted.
    expect(agreedTotal([line('accepted', 12500), line('accepted', 21000, 21500)])).toBe(34000);
  });

  it('counts open lines at what was offered: a counter is not agreed until accepted', () => {
    expect(agreedTotal([line('accepted', 12500), line('countered', 21000, 21500)])).toBe(33500);
    expect(agreedTotal([line('pending', 12500), line('pending', 21000)])).toBe(33500);
  });

  it('counts nothing for a line that left the deal, whatever it offered or was countered', () => {
    expect(agreedTotal([line('accepted', 12500), line('declined', 21000, 21500)])).toBe(12500);
    expect(agreedTotal([line('withdrawn', 12500), line('expired', 21000)])).toBe(0);
  });

  it('multiplies by the quantity and counts a line of unknown status as offered', () => {
    expect(agreedLineTotal(line('accepted', 10000, 9000, 3))).toBe(27000);
    expect(agreedLineTotal(line(null, 10000, null, 2))).toBe(20000);
  });

  it('applies the same rule to an anonymous offer, whose counter is one price for all its lines', () => {
    const lines = [
      { offeredPrice: 12500, quantity: 1 },
      { offeredPrice: 21000, quantity: 1 },
    ];
    expect(anonymousAgreedTotal({ status: 'accepted', lines, counterPrice: 34000 })).toBe(34000);
    expect(anonymousAgreedTotal({ status: 'accepted', lines, counterPrice: null })).toBe(33500);
    expect(anonymousAgreedTotal({ status: 'countered', lines, counterPrice: 34000 })).toBe(33500);
    expect(anonymousAgreedTotal({ status: 'declined', lines, counterPrice: 34000 })).toBe(0);
  });

  it('settles a deal when a line was accepted and none waits for an answer', () => {
    expect(isDealSettled([{ status: 'accepted' }, { status: 'countered' }])).toBe(false);
    expect(isDealSettled([{ status: 'accepted' }, { status: 'pending' }])).toBe(false);
    expect(isDealSettled([{ status: 'accepted' }, { status: 'declined' }])).toBe(true);
    expect(isDealSettled([{ status: 'accepted' }, { status: 'expired' }])).toBe(true);
    expect(isDealSettled([{ status: 'declined' }])).toBe(false);
  });
});
