import * as z from 'zod/mini';

/** Field builders the contracts share: trimmed text, required text, cents. */
export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

export const requiredText = (max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max));

/** Upper bound of any amount in cents (100 million in the currency's main unit). */
export const MAX_CENTS = 100_000_000_00;
