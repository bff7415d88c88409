import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DEMO_CATALOGUE_SIZE, generateCatalogue, type GeneratedProduct } from './catalogue';
import { createCatalogueApi } from './catalogue-api';
import { DAY_MS, isoDay, todayMs } from './determinism';
import { sendError, sendJson } from './http';
import { createOAuth, type MarketplaceCredentials } from './oauth';
import { createProductImages } from './product-images';
import { createReleaseCalendar, type Release } from './release-pages';

/**
 * The marketplace emulator (issue 13): a StockX-API-v2-shaped HTTP server over the generated
 * catalogue, so the catalog service's marketplace client, imports and release scraper run on
 * `npm start` and in tests without a network. It keeps the real API's manners: OAuth client
 * credentials, an API key on every call, a token-bucket rate limit answering 429 with
 * Retry-After, 404 `{ errorMessage }`, plus deterministic faults for tests (search queries
 * `__429__`, `__500__`, `__broken__`, `__badjson__`). It also serves the release calendar
 * pages the scraper reads (Next.js style, data in `__NEXT_DATA__`) and the product images.
 */

export { MAX_PAGE_SIZE } from './catalogue-api';
export type { MarketplaceCredentials } from './oauth';
export { RELEASES_PER_PAGE, type Release } from './release-pages';

export interface MarketplaceEmulatorOptions {
  port: number;
  credentials: MarketplaceCredentials;
  /** The release calendar's "today" (YYYY-MM-DD); default the current UTC day. */
  today?: string;
  /** Products served (default 5,000: the demo's 500, the releases, and enough to import). */
  count?: number;
  seed?: number;
  /** Requests per second per API key, and the bucket's size (default 25 and 25). */
  rateLimit?: { perSecond: number; burst: number };
  /** Releases on the calendar, malformed ones included (default 60: 3 pages of 20). */
  releases?: number;
}

export function createMarketplaceEmulator(options: MarketplaceEmulatorOptions & { baseUrl: () => string }) {
  const count = Math.max(options.count ?? 5000, DEMO_CATALOGUE_SIZE + (options.releases ?? 60));
  const today = todayMs(options.today);
  const releaseCount = options.releases ?? 60;
  const generated = generateCatalogue({ count, seed: options.seed, today: isoDay(today) });
  // The products after the demo catalogue are the calendar's upcoming releases: the API
  // reports the same release dates, and a scrape and save adds products the demo lacks.
  const releaseSources = generated.slice(DEMO_CATALOGUE_SIZE, DEMO_CATALOGUE_SIZE + releaseCount);
  const good = Math.max(0, releaseCount - 2);
  releaseSources.forEach((p, i) => {
    if (i < good) p.releaseDate = isoDay(today + Math.floor((i * 30) / Math.max(1, good)) * DAY_MS);
  });
  const products = generated;
  const oauth = createOAuth({
    credentials: options.credentials,
    rateLimit: options.rateLimit ?? { perSecond: 25, burst: 25 },
  });
  const api = createCatalogueApi({ products, baseUrl: options.baseUrl });
  const images = createProductImages(products);
  const releases = createReleaseCalendar({
    sources: releaseSources,
    count: releaseCount,
    today,
    baseUrl: options.baseUrl,
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    if (path === '/health') return sendJson(res, 200, { status: 'ok', products: products.length });
    if (path === '/oauth/token') {
      if (method !== 'POST') return sendError(res, 405, 'Method not allowed');
      return oauth.token(req, res);
    }
    if (path.startsWith('/images/') && method === 'GET') return images.image(path.slice(8), res);
    if (path === '/release-calendar' && method === 'GET') return releases.calendar(url, res);
    if (path.startsWith('/v2/')) {
      const apiKey = oauth.authorize(req, res);
      if (!apiKey) return;
      if (method !== 'GET') return sendError(res, 405, 'Method not allowed');
      const parts = path.slice(4).split('/').map(decodeURIComponent);
      if (parts[0] === 'catalog' && parts[1] === 'search' && parts.length === 2)
        return api.search(url, apiKey, res);
      if (parts[0] === 'catalog' && parts[1] === 'products' && parts.length >= 3)
        return api.catalog(parts.slice(1), url, res);
    }
    return sendError(res, 404, 'Not found');
  }

  return {
    products,
    releases: releases.releases,
    handle: (req: IncomingMessage, res: ServerResponse) => {
      handle(req, res).catch(() => {
        if (!res.headersSent) sendError(res, 500, 'Internal server error');
        else res.destroy();
      });
    },
  };
}

export interface MarketplaceEmulator {
  url: string;
  port: number;
  server: Server;
  products: GeneratedProduct[];
  releases: () => Release[];
  close: () => Promise<void>;
}

export async function startMarketplaceEmulator(
  options: MarketplaceEmulatorOptions,
): Promise<MarketplaceEmulator> {
  let url = `http://127.0.0.1:${options.port}`;
  const emulator = createMarketplaceEmulator({ ...options, baseUrl: () => url });
  const server = createServer(emulator.handle);
  server.listen(options.port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    server,
    products: emulator.products,
    releases: emulator.releases,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
