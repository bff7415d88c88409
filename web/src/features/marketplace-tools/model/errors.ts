import { ApiError } from '@sneakers/shared';

/** What the API answers a signed-in user who is not a superuser on the superuser-only routes. */
export const SUPERUSER_REQUIRED = 'SUPERUSER_REQUIRED';
/** What a route gated by a feature the caller lacks answers (the marketplace API test page). */
export const FEATURE_NOT_AVAILABLE = 'FEATURE_NOT_AVAILABLE';

/** Not a superuser (or no token at all, as in demo mode): the tool shows "superusers only". */
export function isSuperuserRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export function isFeatureRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === FEATURE_NOT_AVAILABLE;
}

/** A refusal will not change on a retry; anything else is retried once. */
export const retryUnlessRefused = (failures: number, error: Error) =>
  !(error instanceof ApiError && (error.status === 401 || error.status === 403)) && failures < 1;

/** The text of an exception, when it has one. */
export function messageOf(error: unknown): string | undefined {
  if (error instanceof Error && error.message.trim()) return error.message;
  return undefined;
}
