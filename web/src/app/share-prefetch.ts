import { firstPublicPageUrl } from '../features/public-list';

export interface ShareTarget {
  userId: string;
  listType: string;
}

/** `/share/{userId}/{listType}` → its parts; anything else → null. */
export function shareTargetOf(pathname: string): ShareTarget | null {
  const match = /^\/share\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return { userId: decodeURIComponent(match[1]!), listType: match[2]!.toLowerCase() };
  } catch {
    return null; // malformed escape: the app's own route shows not-found
  }
}

/**
 * Responses started before the code that reads them has loaded. The typed API client takes
 * this as its fetch: a GET of a waiting URL gets the early response once, anything else goes
 * to the network.
 */
export class EarlyResponses {
  private readonly waiting = new Map<string, Promise<Response>>();

  constructor(private readonly network: typeof fetch = globalThis.fetch.bind(globalThis)) {}

  start(url: string): void {
    if (!this.waiting.has(url))
      this.adopt(url, this.network(url, { headers: { accept: 'application/json' } }));
  }

  /** Takes a request someone else started (share-early.js). */
  adopt(url: string, response: Promise<Response>): void {
    response.catch(() => undefined); // read (and reported) by whoever takes it
    this.waiting.set(url, response);
  }

  readonly fetch: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const early = (init?.method ?? 'GET') === 'GET' ? this.waiting.get(url) : undefined;
    if (!early) return this.network(input, init);
    this.waiting.delete(url);
    return early;
  };
}

/** Starts the first page of the shared list. */
export function startSharePrefetch(early: EarlyResponses, apiBaseUrl: string, target: ShareTarget): void {
  early.start(firstPublicPageUrl(apiBaseUrl, target.userId, target.listType));
}

/** What web/public/share-early.js leaves on `window` for the share entry. */
export interface ShareEarlyHint {
  config: Promise<unknown>;
  page: Promise<{ url: string; response: Promise<Response> }>;
}

declare global {
  interface Window {
    __shareEarly?: ShareEarlyHint;
  }
}

/** Takes the early script's requests (once); undefined when it has not run. */
export function takeShareEarlyHint(): ShareEarlyHint | undefined {
  const hint = window.__shareEarly;
  window.__shareEarly = undefined;
  return hint;
}
