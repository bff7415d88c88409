import * as z from 'zod/mini';
import { MAX_AMOUNT_CENTS } from '../rules/amounts';

/**
 * What is wrong with one field of a refused request, as a code the SPA translates
 * (docs/product/errors.md#field-messages). Every zod issue maps to one of these here, and
 * only here: no zod wording ever reaches the API's answer or the screen.
 */
export const FIELD_CODES = [
  'REQUIRED',
  'WRONG_TYPE',
  'INVALID_CHOICE',
  'INVALID_FORMAT',
  'TOO_LONG',
  'TOO_SHORT',
  'TOO_MANY',
  'TOO_FEW',
  'NUMBER_TOO_LARGE',
  'NUMBER_TOO_SMALL',
  'WHOLE_NUMBER',
  'AMOUNT_TOO_LARGE',
  'AMOUNT_NEGATIVE',
  'AMOUNT_NOT_POSITIVE',
  'AMOUNT_INVALID',
  'UNKNOWN_FIELD',
  'INVALID',
] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

/** One field's problem: its code and, for a length or number bound, the bound. */
export interface FieldIssue {
  code: FieldCode;
  limit?: number;
}
/** Field path ("" for the whole body) → its problems, beside the error model's `fields`. */
export type FieldIssues = Record<string, FieldIssue[]>;

const maxAmount = (MAX_AMOUNT_CENTS / 100).toLocaleString('en', { minimumFractionDigits: 2 });

/** The API's English words per code (`{limit}` filled in): what `fields` says when a contract did not word it. */
export const FIELD_WORDS: Readonly<Record<FieldCode, string>> = {
  REQUIRED: 'This field is required.',
  WRONG_TYPE: 'Enter a valid value.',
  INVALID_CHOICE: 'Choose one of the options.',
  INVALID_FORMAT: 'This value is not in the right format.',
  TOO_LONG: 'Use at most {limit} characters.',
  TOO_SHORT: 'Use at least {limit} characters.',
  TOO_MANY: 'Choose at most {limit}.',
  TOO_FEW: 'Choose at least {limit}.',
  NUMBER_TOO_LARGE: 'Enter a number no greater than {limit}.',
  NUMBER_TOO_SMALL: 'Enter a number no less than {limit}.',
  WHOLE_NUMBER: 'Enter a whole number.',
  AMOUNT_TOO_LARGE: `Enter an amount of ${maxAmount} or less.`,
  AMOUNT_NEGATIVE: 'An amount cannot be negative.',
  AMOUNT_NOT_POSITIVE: 'Enter an amount above 0.',
  AMOUNT_INVALID: 'Enter an amount with at most two decimals.',
  UNKNOWN_FIELD: 'This field is not expected here.',
  INVALID: 'This value is not valid.',
};

const CODE_BY_WORDS = new Map(Object.entries(FIELD_WORDS).map(([code, words]) => [words, code as FieldCode]));

/**
 * A contract's message for a check, by code (`z.maximum(MAX_AMOUNT_CENTS, says('AMOUNT_TOO_LARGE'))`):
 * the words are the code's own, so the issue maps back to that code.
 */
export const says = (code: FieldCode): string => FIELD_WORDS[code];

const RANGE = new Set(['number', 'int', 'bigint']);
const COLLECTIONS = new Set(['array', 'set', 'map', 'file']);

type AnyIssue = z.core.$ZodIssue | z.core.$ZodRawIssue;

/** The code of an issue from its kind and bound alone (`missing`: the field was not sent). */
function codeOfKind(issue: AnyIssue, missing: boolean): FieldIssue {
  const origin = 'origin' in issue ? String(issue.origin) : '';
  switch (issue.code) {
    case 'invalid_type':
      return { code: missing ? 'REQUIRED' : 'WRONG_TYPE' };
    case 'too_big': {
      const limit = Number(issue.maximum);
      if (RANGE.has(origin)) return { code: 'NUMBER_TOO_LARGE', limit };
      return { code: COLLECTIONS.has(origin) ? 'TOO_MANY' : 'TOO_LONG', limit };
    }
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (RANGE.has(origin)) return { code: 'NUMBER_TOO_SMALL', limit };
      if (COLLECTIONS.has(origin)) return { code: 'TOO_FEW', limit };
      return limit <= 1 ? { code: 'REQUIRED' } : { code: 'TOO_SHORT', limit };
    }
    case 'not_multiple_of':
      return { code: 'WHOLE_NUMBER' };
    case 'invalid_format':
      return { code: 'INVALID_FORMAT' };
    case 'invalid_value':
    case 'invalid_union':
      return { code: 'INVALID_CHOICE' };
    case 'unrecognized_keys':
      return { code: 'UNKNOWN_FIELD' };
    default:
      return { code: 'INVALID' };
  }
}

/** One finalized issue as a field issue: the code its contract said, else the code of its kind. */
export function fieldIssueOf(issue: z.core.$ZodIssue): FieldIssue {
  const said = CODE_BY_WORDS.get(issue.message);
  const kind = codeOfKind(issue, said === 'REQUIRED');
  if (!said || said === kind.code) return kind;
  return kind.limit === undefined ? { code: said } : { code: said, limit: kind.limit };
}

/** A code's English words with its bound. */
export function fieldWords({ code, limit }: FieldIssue): string {
  return FIELD_WORDS[code].replace('{limit}', limit === undefined ? '' : limit.toLocaleString('en'));
}

// zod's own wording ("Invalid input", "Too big: expected int to be <=9007199254740991") is never
// an answer: every issue a contract did not word gets its code's words, in every process that
// parses a contract (the API, the SPA, the tests). A contract's own message still wins.
z.config({
  customError: (issue) =>
    fieldWords(codeOfKind(issue, issue.code === 'invalid_type' && issue.input === undefined)),
});
