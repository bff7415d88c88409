import { describe, expect, it } from 'vitest';
import { marginPercent, saleProfit } from '@sneakers/shared/rules/sale-money';

describe('saleProfit', () => {
  it.each([
    [{ salePrice: 15000, purchasePrice: 9000, fees: 1000 }, 5000],
    [{ salePrice: 15000, purchasePrice: 0, fees: 0 }, 15000],
    [{ salePrice: 8000, purchasePrice: 9000, fees: 500 }, -1500],
  ])('%o → %i', (amounts, profit) => {
    expect(saleProfit(amounts)).toBe(profit);
  });
});

describe('marginPercent', () => {
  it.each([
    [15000, 5000, 33.3],
    [10000, 2500, 25],
    [3, 2, 66.7],
    [8000, -1500, -18.8],
    [0, 0, null],
    [0, -500, null],
  ])('revenue %i, profit %i → %s', (revenue, profit, margin) => {
    expect(marginPercent(revenue, profit)).toBe(margin);
  });
});
