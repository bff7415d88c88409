/**
 * Which HTML entry of the SPA a path serves. A shared list link is most visitors' first
 * load, so it has its own light entry (web/share.html) that preloads only the list's code;
 * every other client-side route is index.html. Used by the local static server, the Vite
 * dev middleware and (as source text) the CloudFront viewer-request function.
 */
export const SHARE_PATH_PATTERN = /^\/share\/[^/]+\/[^/]+\/?$/;

export type HtmlEntry = '/index.html' | '/share.html';

/** The entry for a client-side route (a path whose last segment has no file extension). */
export function htmlEntryFor(pathname: string): HtmlEntry {
  return SHARE_PATH_PATTERN.test(pathname) ? '/share.html' : '/index.html';
}
