/**
 * The published bound of every amount a person types (docs/product/constants.md#amounts): one
 * pair's price, cost, fee, deposit or offer, in integer cents of its currency. The contracts
 * refuse anything above it (shared/src/contracts/fields.ts `amount`) and the SPA's forms check
 * it before sending, with the same words (docs/product/errors.md#field-messages).
 */
export const MAX_AMOUNT_CENTS = 1_000_000_00;

/** Why a typed amount cannot be sent; the codes are the API's field codes for amounts. */
export type AmountProblem = 'AMOUNT_TOO_LARGE' | 'AMOUNT_NEGATIVE' | 'AMOUNT_NOT_POSITIVE' | 'AMOUNT_INVALID';

/** What is wrong with `cents` as an amount (`positive`: 0 is refused too), or undefined when it fits. */
export function amountProblem(cents: number, { positive = false } = {}): AmountProblem | undefined {
  if (!Number.isInteger(cents)) return 'AMOUNT_INVALID';
  if (cents > MAX_AMOUNT_CENTS) return 'AMOUNT_TOO_LARGE';
  if (cents < 0) return 'AMOUNT_NEGATIVE';
  if (positive && cents === 0) return 'AMOUNT_NOT_POSITIVE';
  return undefined;
}
