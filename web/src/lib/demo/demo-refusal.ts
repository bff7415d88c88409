// By module: the shared list's first paint loads this file (see lib/api.tsx).
import { DEMO_MODE_CODE } from '@sneakers/shared/actor';
import { ApiError } from '@sneakers/shared/api-client';

/** The demo toast's id (docs/product/demo-mode.md#demo-toast): one toast, however many writes were refused. */
export const DEMO_TOAST_ID = 'demo-mode';

/**
 * A write the server refused because the caller is the read-only demo identity. The app
 * shows the demo toast once for it (query-client.ts, docs/product/demo-mode.md#demo-toast), so a screen's own error toast
 * steps aside.
 */
export function isDemoRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === DEMO_MODE_CODE;
}
