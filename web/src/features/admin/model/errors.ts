import type { TFunction } from 'i18next';
import { ApiError } from '@sneakers/shared';

/**
 * What a failed admin call tells the user: the documented texts for not being signed in and
 * for impersonating without being a superuser (docs/product/administration.md#api-errors),
 * the API's own message for any other refusal, and `fallback` for the rest (network, server
 * errors).
 */
export function adminErrorText(error: unknown, t: TFunction, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 401) return t('admin.errors.unauthenticated');
  if (error.code === 'IMPERSONATION_FORBIDDEN') return t('admin.errors.impersonationForbidden');
  if (error.status === 403 || error.status === 409 || error.status === 400) return error.message;
  return fallback;
}

/** The caller is not allowed here at all: the screen shows the refusal instead of its panels. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}
