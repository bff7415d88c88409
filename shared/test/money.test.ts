import { describe, expect, it } from 'vitest';
import { CURRENCIES, formatMoney, toCents } from '../src/money';

describe('money', () => {
  it('parses typed amounts into integer cents without float drift', () => {
    expect(toCents('199.99')).toBe(19999);
    expect(toCents('0,1')).toBe(10);
    expect(toCents(49.99)).toBe(4999);
    expect(toCents('200')).toBe(20000);
  });

  it('rejects what is not an amount', () => {
    expect(() => toCents('-1')).toThrow(RangeError);
    expect(() => toCents('1.234')).toThrow(RangeError);
    expect(() => toCents('abc')).toThrow(RangeError);
  });

  it('formats in the given locale', () => {
    expect(formatMoney({ amount: 4999, currency: 'EUR' }, 'en')).toBe('€49.99');
    expect(formatMoney({ amount: 499, currency: 'EUR' }, 'es')).toMatch(/^4,99\s€$/);
    expect(formatMoney({ amount: 4999, currency: 'EUR' }, 'fr')).toBe(
      new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(49.99),
    );
  });

  it('formats the app languages by hand exactly as Intl does', () => {
    const amounts = [
      0, 1, 5, 99, 100, 999, 1_000, 99_999, 100_000, 123_456, 999_999, 1_000_000, 12_345_678, 123_456_789_01,
    ];
    for (const locale of ['en', 'es'])
      for (const currency of CURRENCIES)
        for (const amount of amounts)
          expect(formatMoney({ amount, currency }, locale)).toBe(
            new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100),
          );
  });
});
