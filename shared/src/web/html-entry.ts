/**
 * Which HTML entry of the SPA a path serves. A shared list link is most visitors' first
 * load, so it has its own light entry (web/share.html) that preloads only the list's code;
 * the store API's reference is a static page without any script (web/public/api-reference.html,
 * docs/adr/0024-openapi-and-the-reference-page.md); every other client-side route is index.html.
 * Used by the local static server, the Vite dev middleware and (as source text) the CloudFront
 * viewer-request function.
 */
export const SHARE_PATH_PATTERN = /^\/share\/[^/]+\/[^/]+\/?$/;
export const API_REFERENCE_PATH_PATTERN = /^\/api-reference\/?$/;
/**
 * The online store's pages the API renders for crawlers and link previews (the storefront,
 * a product page, the sitemap: services/storefront/src/pages); every other `/store/...` page
 * (the checkout return, notify-me's confirm and unsubscribe) is a client route of store.html.
 */
export const STORE_DOCUMENT_PATH_PATTERN = /^\/store\/[^/.]+(?:\/product\/[^/]+|\/sitemap\.xml)?\/?$/;
export const STORE_PATH_PATTERN = /^\/store\//;

export type HtmlEntry = '/index.html' | '/share.html' | '/api-reference.html' | '/store.html';

/** Whether the API (not the web bucket) answers this path: a storefront page, product page or sitemap. */
export function isStoreDocumentPath(pathname: string): boolean {
  return STORE_DOCUMENT_PATH_PATTERN.test(pathname) && !pathname.startsWith('/store/notify/');
}

/** The entry for a client-side route (a path whose last segment has no file extension). */
export function htmlEntryFor(pathname: string): HtmlEntry {
  if (API_REFERENCE_PATH_PATTERN.test(pathname)) return '/api-reference.html';
  if (STORE_PATH_PATTERN.test(pathname)) return '/store.html';
  return SHARE_PATH_PATTERN.test(pathname) ? '/share.html' : '/index.html';
}
