export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  // Names are written as is: `sidebar:state` (docs/product/dashboard-shell.md#collapse-and-shortcut) must not become `sidebar%3Astate`.
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return decodeURIComponent(entry.slice(prefix.length));
  }
  return undefined;
}

export interface CookieOptions {
  /** Seconds. */
  maxAge?: number;
  path?: string;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) parts.push(`max-age=${options.maxAge}`);
  parts.push('SameSite=Lax');
  document.cookie = parts.join('; ');
}
