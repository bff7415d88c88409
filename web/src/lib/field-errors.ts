import i18n, { type TFunction } from 'i18next';
// By module, not the @sneakers/shared index: the shared list's first paint loads this file.
import { ApiError } from '@sneakers/shared/api-client';
import { FIELD_CODES, type FieldCode } from '@sneakers/shared/contracts/field-issues';
import type { FieldErrors, FieldIssueCodes } from '@sneakers/shared/errors';
import { amountProblem } from '@sneakers/shared/rules/amounts';

/**
 * The one place a refused field becomes words on screen (docs/product/errors.md#field-messages):
 * the API answers each field's problem as a code, and this turns it into the user's language.
 * zod's own wording never gets this far (shared/src/contracts/field-issues.ts).
 */
const isFieldCode = (code: string): code is FieldCode => (FIELD_CODES as readonly string[]).includes(code);

/** One field issue in the language `t` speaks (an unknown code reads as 'This value is not valid.'). */
export function fieldIssueText(
  issue: { code: string; limit?: number },
  t: TFunction,
  language: string,
): string {
  const code = isFieldCode(issue.code) ? issue.code : 'INVALID';
  const limit = issue.limit === undefined ? '' : new Intl.NumberFormat(language).format(issue.limit);
  return t(`fieldIssue.${code}`, { limit });
}

/** Each field's issues as texts, in the shape of the error model's `fields`. */
export function fieldIssueTexts(issues: FieldIssueCodes, t: TFunction, language: string): FieldErrors {
  const texts: FieldErrors = {};
  for (const [field, list] of Object.entries(issues))
    texts[field] = list.map((i) => fieldIssueText(i, t, language));
  return texts;
}

/**
 * A failed call as screens show it: a refusal's `fields` hold the translated texts of its codes,
 * so every form that shows `error.fields[name][0]` speaks the user's language. Fields the API
 * worded itself (a use case's own rule) keep their words.
 */
export function withFieldTexts(
  error: unknown,
  t: TFunction = i18n.t.bind(i18n),
  language = i18n.language,
): unknown {
  if (!(error instanceof ApiError) || !error.issues) return error;
  const fields = { ...error.fields, ...fieldIssueTexts(error.issues, t, language || 'en') };
  return new ApiError(error.status, error.code, error.message, fields, error.correlationId, error.issues);
}

/**
 * The text key of a typed amount the API would refuse for its bound (docs/product/constants.md#amounts),
 * in the API's own words; undefined when it fits or is not an amount yet (the form says that itself).
 */
export function amountBoundKey(cents: number | null | undefined): string | undefined {
  if (cents === null || cents === undefined) return undefined;
  const problem = amountProblem(cents);
  return problem ? `fieldIssue.${problem}` : undefined;
}
