import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { describeIssues } from '../src/contracts/contract';
import { FIELD_WORDS } from '../src/contracts/field-issues';
import { offerLineSchema } from '../src/contracts/offers';
import { saleCreateSchema } from '../src/contracts/sales';
import { amountProblem, MAX_AMOUNT_CENTS } from '../src/rules/amounts';

const refusal = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  if (result.success) throw new Error('accepted');
  return describeIssues(result.error);
};

const sale = {
  source: 'inventory',
  itemId: 'item-1',
  size: '10',
  salePrice: 12_000,
  fees: 0,
  currency: 'EUR',
  saleDate: '2024-05-01',
  buyerName: 'Ana',
};

describe('field issues (docs/product/errors.md#field-messages)', () => {
  it('words a sale price above the bound in words, with its code, and nothing of zod', () => {
    // 99999999999999 typed in the sell dialog: the issue's own example.
    const { fields, issues } = refusal(saleCreateSchema, { ...sale, salePrice: 99_999_999_999_999_00 });
    expect(fields).toEqual({ salePrice: ['Enter an amount of 1,000,000.00 or less.'] });
    expect(issues).toEqual({ salePrice: [{ code: 'AMOUNT_TOO_LARGE', limit: MAX_AMOUNT_CENTS }] });
  });

  it('takes the bound itself and refuses one cent more', () => {
    expect(z.safeParse(saleCreateSchema, { ...sale, salePrice: MAX_AMOUNT_CENTS }).success).toBe(true);
    expect(refusal(saleCreateSchema, { ...sale, fees: MAX_AMOUNT_CENTS + 1 }).issues.fees?.[0]?.code).toBe(
      'AMOUNT_TOO_LARGE',
    );
    expect(refusal(saleCreateSchema, { ...sale, fees: -1 }).issues.fees?.[0]?.code).toBe('AMOUNT_NEGATIVE');
  });

  it('tells a missing field from one of the wrong type', () => {
    const { salePrice: _, ...withoutPrice } = sale;
    expect(refusal(saleCreateSchema, withoutPrice)).toEqual({
      fields: { salePrice: [FIELD_WORDS.REQUIRED] },
      issues: { salePrice: [{ code: 'REQUIRED' }] },
    });
    expect(refusal(saleCreateSchema, { ...sale, salePrice: 'lots' }).issues.salePrice).toEqual([
      { code: 'WRONG_TYPE' },
    ]);
  });

  it("gives a field's own bound, not the integer range, for a huge whole number", () => {
    const line = { itemId: 'item-1', size: '10', offeredPrice: 100, quantity: 2 ** 60 };
    expect(refusal(offerLineSchema, line)).toEqual({
      fields: { quantity: ['Enter a number no greater than 999.'] },
      issues: { quantity: [{ code: 'NUMBER_TOO_LARGE', limit: 999 }] },
    });
    expect(refusal(offerLineSchema, { ...line, quantity: 1, offeredPrice: 0 }).issues).toEqual({
      offeredPrice: [{ code: 'AMOUNT_NOT_POSITIVE', limit: 1 }],
    });
  });

  it('judges a typed amount the way the contracts do', () => {
    expect(amountProblem(MAX_AMOUNT_CENTS)).toBeUndefined();
    expect(amountProblem(MAX_AMOUNT_CENTS + 1)).toBe('AMOUNT_TOO_LARGE');
    expect(amountProblem(99_999_999_999_999_00)).toBe('AMOUNT_TOO_LARGE');
    expect(amountProblem(-1)).toBe('AMOUNT_NEGATIVE');
    expect(amountProblem(0, { positive: true })).toBe('AMOUNT_NOT_POSITIVE');
    expect(amountProblem(0.5)).toBe('AMOUNT_INVALID');
  });
});
