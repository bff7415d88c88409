import { afterEach, describe, expect, it } from 'vitest';
import '../test/setup';
import { ApiError } from '@sneakers/shared';
import { MAX_AMOUNT_CENTS } from '@sneakers/shared/rules/amounts';
import { changeLanguage, i18n } from '../i18n';
import { amountBoundKey, withFieldTexts } from './field-errors';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const refusal = () =>
  new ApiError(
    400,
    'VALIDATION_FAILED',
    'Some fields are not valid.',
    {
      salePrice: ['Too big: expected int to be <=9007199254740991'],
      notes: ['Use at most 2000 characters.'],
      trackingNumber: ['Not a DHL tracking number'],
    },
    undefined,
    {
      salePrice: [{ code: 'AMOUNT_TOO_LARGE', limit: MAX_AMOUNT_CENTS }],
      notes: [{ code: 'TOO_LONG', limit: 2000 }],
    },
  );

describe('field texts of a refusal (docs/product/errors.md#field-messages)', () => {
  it("replaces each coded field's words with its text in the user's language", async () => {
    expect((withFieldTexts(refusal()) as ApiError).fields).toEqual({
      salePrice: ['Enter an amount of 1,000,000.00 or less.'],
      notes: ['Use at most 2,000 characters.'],
      // A use case's own rule has no code: its words stay.
      trackingNumber: ['Not a DHL tracking number'],
    });
    await changeLanguage('es');
    expect((withFieldTexts(refusal()) as ApiError).fields).toMatchObject({
      salePrice: ['Introduce un importe de 1.000.000,00 o menos.'],
      notes: ['Usa como máximo 2000 caracteres.'],
    });
  });

  it('leaves other failures as they are', () => {
    const failure = new ApiError(409, 'ITEM_NOT_AVAILABLE', 'Gone');
    expect(withFieldTexts(failure)).toBe(failure);
  });

  it('keys an amount outside the bound', () => {
    expect(amountBoundKey(MAX_AMOUNT_CENTS)).toBeUndefined();
    expect(amountBoundKey(null)).toBeUndefined();
    expect(amountBoundKey(MAX_AMOUNT_CENTS + 1)).toBe('fieldIssue.AMOUNT_TOO_LARGE');
  });
});
