/**
 * The built store.html, fetched from the web app's own origin (the local static server, or
 * CloudFront in AWS) and kept per container for a few minutes, so a deploy of the web app
 * reaches the pages soon and a crawl costs no fetch per page.
 */
export const TEMPLATE_TTL_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 2_000;

export function createTemplateSource(
  url: string | undefined,
  now: () => number = Date.now,
  fetchImpl: typeof fetch = fetch,
): () => Promise<string | null> {
  let cached: { html: string | null; at: number } | undefined;
  return async () => {
    if (cached && now() - cached.at < TEMPLATE_TTL_MS) return cached.html;
    let html: string | null = null;
    if (url) {
      try {
        const res = await fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
        const text = res.ok ? await res.text() : '';
        // Only a page that has the slots: an SPA fallback (index.html) would hide the head.
        html = text.includes('id="storefront-data"') ? text : null;
      } catch {
        html = null;
      }
    }
    // A failure is cached too, briefly, so a missing template never doubles every page's time.
    cached = { html, at: html === null ? now() - TEMPLATE_TTL_MS + 30_000 : now() };
    return html;
  };
}
