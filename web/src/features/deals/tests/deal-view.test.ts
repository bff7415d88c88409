import { describe, expect, it } from 'vitest';
import { isOfferable, marginTone, parsePrice, signedMoney, suggestedOfferPrice } from '../model/deal-view';
import { feeBasisPoints } from '../components/deal-settings-panel';

describe('deal view helpers', () => {
  it('signs amounts with + and a true minus, zero unsigned', () => {
    expect(signedMoney(750, 'EUR', 'en')).toBe('+€7.50');
    expect(signedMoney(-1500, 'EUR', 'en')).toBe('\u2212€15.00');
    expect(signedMoney(0, 'EUR', 'en')).toBe('€0.00');
    expect(signedMoney(-1500, 'EUR', 'es')).toBe('\u221215,00\u00a0€');
    expect([marginTone(1), marginTone(-1), marginTone(0)]).toEqual(['positive', 'negative', 'zero']);
  });

  it('offers only on lists that take offers, at their price else mine', () => {
    expect(['wtb', 'wtc', 'wts', 'inventory'].map((t) => isOfferable(t as 'wtb'))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const side = { id: 'i', listType: 'wtc' as const, currency: 'EUR' as const, updatedAt: '' };
    const deal = { mine: { ...side, price: 12_000 }, theirs: { ...side, price: null } };
    expect(suggestedOfferPrice(deal as Parameters<typeof suggestedOfferPrice>[0])).toBe(12_000);
    expect(
      suggestedOfferPrice({ ...deal, theirs: { ...side, price: 9_900 } } as Parameters<
        typeof suggestedOfferPrice
      >[0]),
    ).toBe(9_900);
  });

  it('reads typed prices and fees', () => {
    expect(parsePrice('95')).toBe(9500);
    expect(parsePrice('95,5')).toBe(9550);
    expect(parsePrice('0')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(feeBasisPoints('12.5')).toBe(1250);
    expect(feeBasisPoints('100')).toBe(10_000);
    expect(feeBasisPoints('100.01')).toBeNull();
    expect(feeBasisPoints('-1')).toBeNull();
  });
});
