import { describe, expect, it } from 'vitest';
import { formatMoney, toCents } from '../src/money';

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

  it('formats with Intl in the given locale', () => {
    expect(formatMoney({ amount: 4999, currency: 'EUR' }, 'en')).toBe('€49.99');
    expect(formatMoney({ amount: 499, currency: 'EUR' }, 'es')).toMatch(/^4,99\s€$/);
  });
});
