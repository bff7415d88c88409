import * as z from 'zod/mini';

/** Field builders the contracts share: trimmed text, required text, cents. */
export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

export const requiredText = (max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max));

/** Upper bound of any amount in cents (100 million in the currency's main unit). */
export const MAX_CENTS = 100_000_000_00;

/** Non-negative cents up to MAX_CENTS. */
export const cents = z.int().check(z.minimum(0), z.maximum(MAX_CENTS));

/** A record id in a path or body. */
export const recordId = z.string().check(z.minLength(1), z.maxLength(64));

/** Trimmed and lower-cased before the format check, so matching by email is exact. */
export const email = (message: string) =>
  z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email(message));

/** A PATCH body: any of `fields`, nothing else, and at least one. */
export const updateOf = <S extends Record<string, z.ZodMiniType>>(fields: S) =>
  z
    .partial(z.strictObject(fields))
    .check(z.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' }));
