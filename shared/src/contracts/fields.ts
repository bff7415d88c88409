import * as z from 'zod/mini';
import { MAX_AMOUNT_CENTS } from '../rules/amounts';
import { says } from './field-issues';

/** Field builders the contracts share: trimmed text, required text, cents. */
export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

export const requiredText = (max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max));

/** Upper bound of any stored or computed amount in cents (100 million in the currency's main unit). */
export const MAX_CENTS = 100_000_000_00;

/** Non-negative cents up to MAX_CENTS: amounts the API answers (totals, a sale of several pairs). */
export const cents = z.int().check(z.minimum(0), z.maximum(MAX_CENTS));

/**
 * An amount a person types (one pair's price, cost, fee, deposit or offer): non-negative cents up
 * to the published bound (docs/product/constants.md#amounts), each refusal with its own code.
 */
export const amount = z
  .int()
  .check(z.minimum(0, says('AMOUNT_NEGATIVE')), z.maximum(MAX_AMOUNT_CENTS, says('AMOUNT_TOO_LARGE')));

/** An amount that must be above 0 (an offer's or a counter's price). */
export const positiveAmount = z
  .int()
  .check(z.minimum(1, says('AMOUNT_NOT_POSITIVE')), z.maximum(MAX_AMOUNT_CENTS, says('AMOUNT_TOO_LARGE')));

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
