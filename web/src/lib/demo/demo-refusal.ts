import { ApiError, DEMO_MODE_CODE } from '@sneakers/shared';

/**
 * A write the server refused because the caller is the read-only demo identity. The app
 * shows the spec's demo toast once for it (query-client.ts), so a screen's own error toast
 * steps aside.
 */
export function isDemoRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === DEMO_MODE_CODE;
}
