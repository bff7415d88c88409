/** The address parameters of impersonation mode, stripped when it ends. */
export const IMPERSONATION_PARAMS = ['impersonating', 'as', 'via', 'admin_return_url'] as const;

/**
 * A return address from the address bar, kept only when it stays on this site (an
 * open redirect otherwise): a path, or a same-origin URL turned into one.
 */
export function safeReturnUrl(value: string | null, origin = window.location.origin): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `search` without the impersonation parameters ('' or '?…'). */
export function stripImpersonationParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of IMPERSONATION_PARAMS) params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The address impersonation opens (docs/product/administration.md#starting). */
export function impersonationAddress(
  targetUserId: string,
  impersonationId: string,
  returnUrl: string,
): string {
  const params = new URLSearchParams({
    impersonating: '1',
    as: targetUserId,
    via: impersonationId,
    admin_return_url: returnUrl,
  });
  return `/dashboard?${params.toString()}`;
}
