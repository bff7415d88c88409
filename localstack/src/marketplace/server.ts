import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  conversionsOf,
  DEMO_CATALOGUE_SIZE,
  generateCatalogue,
  styleKeyOf,
  variantsOf,
  type GeneratedProduct,
  type GeneratedVariant,
} from './catalogue';
import { sneakerSvg } from './images';

/**
 * The marketplace emulator (issue 13): a StockX-API-v2-shaped HTTP server over the generated
 * catalogue, so the catalog service's marketplace client, imports and release scraper run on
 * `npm start` and in tests without a network. It keeps the real API's manners: OAuth client
 * credentials, an API key on every call, a token-bucket rate limit answering 429 with
 * Retry-After, 404 `{ errorMessage }`, plus deterministic faults for tests (search queries
 * `__429__`, `__500__`, `__broken__`, `__badjson__`). It also serves the release calendar
 * pages the scraper reads (Next.js style, data in `__NEXT_DATA__`) and the product images.
 */

export interface MarketplaceCredentials {
  apiKey: string;
  clientId: string;
  clientSecret: string;
}

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

export const RELEASES_PER_PAGE = 20;
export const MAX_PAGE_SIZE = 50;
const TOKEN_TTL_S = 3600;
const DAY_MS = 86_400_000;

/** Euro is the catalogue's currency; the others at fixed, plausible rates. */
const CURRENCY_RATES: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.86 };

export interface Release {
  id: string;
  urlKey: string;
  styleId?: string;
  title: string;
  brand: string;
  productCategory: string;
  gender: string;
  colorway: string;
  media: { imageUrl: string };
  releaseDate: string;
  retailPrice: number;
  status: 'upcoming' | 'released';
  variants: {
    id: string;
    sizeChart: { availableConversions: { size: string; type: string }[] };
    retailPrice: number;
  }[];
}

// ---- Small helpers ----

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function todayMs(today?: string): number {
  const ms = today ? Date.parse(`${today}T00:00:00Z`) : Date.now();
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function sendError(
  res: ServerResponse,
  status: number,
  errorMessage: string,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { errorMessage }, headers);
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// ---- Shapes ----

function productJson(p: GeneratedProduct, baseUrl: string) {
  const imageUrl = `${baseUrl}/images/${encodeURIComponent(p.styleId)}.svg`;
  return {
    productId: p.productId,
    urlKey: p.urlKey,
    styleId: p.styleId,
    productType: p.productType,
    title: p.title,
    brand: p.brand,
    productAttributes: {
      gender: p.gender,
      season: p.season,
      releaseDate: p.releaseDate,
      retailPrice: p.retailPrice,
      colorway: p.colorway,
      color: p.colors[0] ?? null,
    },
    media: { imageUrl, smallImageUrl: imageUrl, thumbUrl: imageUrl },
  };
}

function variantJson(p: GeneratedProduct, v: GeneratedVariant) {
  const conversions = conversionsOf(v);
  return {
    productId: p.productId,
    variantId: v.variantId,
    variantName: `${p.urlKey}:${v.variantValue}`,
    variantValue: v.variantValue,
    sizeChart: {
      defaultConversion: { size: v.label, type: p.gender === 'women' ? 'us w' : 'us m' },
      availableConversions: conversions,
    },
    gtins: [{ identifier: v.gtin, type: 'UPC' }],
    isFlexEligible: hash(v.variantId) % 3 !== 0,
    isDirectEligible: hash(v.variantId) % 4 === 0,
  };
}

/** Prices that look like a market: asks around retail (hyped models above), bids below. */
function marketData(p: GeneratedProduct, v: GeneratedVariant, currency: string) {
  const rate = CURRENCY_RATES[currency] ?? 1;
  const h = hash(`${v.variantId}:market`);
  const heat = 0.8 + (hash(p.productId) % 90) / 100;
  const lowestAsk = Math.round(p.retailPrice * heat * (0.95 + (h % 20) / 100) * rate);
  const highestBid = Math.round(lowestAsk * (0.78 + ((h >>> 8) % 15) / 100));
  return {
    productId: p.productId,
    variantId: v.variantId,
    currencyCode: currency,
    lowestAskAmount: lowestAsk,
    highestBidAmount: highestBid,
    sellFasterAmount: Math.min(lowestAsk, highestBid + 1),
    earnMoreAmount: Math.max(highestBid + 2, lowestAsk - 1),
    flexLowestAskAmount: Math.round(lowestAsk * 0.97),
  };
}

// ---- Release calendar ----

function buildReleases(
  products: GeneratedProduct[],
  count: number,
  today: number,
  baseUrl: string,
): Release[] {
  const out: Release[] = [];
  const good = Math.max(0, count - 2);
  for (let i = 0; i < good && i < products.length; i++) {
    const p = products[i] as GeneratedProduct;
    const releaseDate = p.releaseDate;
    out.push({
      id: p.productId,
      urlKey: p.urlKey,
      styleId: p.styleId,
      title: p.title,
      brand: p.brand,
      productCategory: p.productType,
      gender: p.gender,
      colorway: p.colorway,
      media: { imageUrl: `${baseUrl}/images/${encodeURIComponent(p.styleId)}.svg` },
      releaseDate,
      retailPrice: p.retailPrice,
      status: releaseDate === isoDay(today) ? 'released' : 'upcoming',
      variants: variantsOf(p).map((v) => ({
        id: v.variantId,
        sizeChart: { availableConversions: conversionsOf(v) },
        retailPrice: v.retailPrice,
      })),
    });
  }
  if (count < 2) return out;
  // Exactly two malformed releases, as the real calendar has now and then: the scraper
  // counts them as errors and saves the rest.
  const noStyle = out[Math.min(out.length - 1, 25)];
  const badDate = out[Math.min(out.length - 1, 45)];
  if (noStyle) {
    const copy: Release = {
      ...noStyle,
      id: `${noStyle.id}-nostyle`,
      urlKey: `${noStyle.urlKey}-tba`,
      title: `${noStyle.title} (TBA)`,
    };
    delete copy.styleId;
    out.splice(26, 0, copy);
  }
  if (badDate) {
    const year = badDate.releaseDate.slice(0, 4);
    out.splice(47, 0, {
      ...badDate,
      id: `${badDate.id}-baddate`,
      urlKey: `${badDate.urlKey}-baddate`,
      styleId: `${badDate.styleId ?? ''}X`,
      releaseDate: `${year}-13-41`,
    });
  }
  return out.slice(0, count);
}

function releasePage(releases: Release[], page: number, totalPages: number): string {
  const cards = releases
    .map((r) => {
      const price = Number.isFinite(r.retailPrice) ? `€${r.retailPrice}` : 'TBC';
      return `<article class="release-card" data-release-id="${escapeHtml(r.id)}">
  <a href="/${escapeHtml(r.urlKey)}"><img src="${escapeHtml(r.media.imageUrl)}" alt="${escapeHtml(r.title)}" loading="lazy" width="400" height="220"></a>
  <div class="release-card__body">
    <p class="release-card__brand">${escapeHtml(r.brand)}</p>
    <h2 class="release-card__title">${escapeHtml(r.title)}</h2>
    <p class="release-card__meta"><time datetime="${escapeHtml(r.releaseDate)}">${escapeHtml(r.releaseDate)}</time> · <span class="release-card__price">${price}</span></p>
  </div>
</article>`;
    })
    .join('\n');
  const data = {
    props: { pageProps: { releases, pagination: { page, totalPages, perPage: RELEASES_PER_PAGE } } },
    page: '/release-calendar',
    query: { page: String(page) },
    buildId: 'local-emulator',
    isFallback: false,
  };
  // As Next.js does: `<` escaped so the JSON can never close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const prev = page > 1 ? `<a rel="prev" href="/release-calendar?page=${page - 1}">Previous</a>` : '';
  const next = page < totalPages ? `<a rel="next" href="/release-calendar?page=${page + 1}">Next</a>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sneaker Release Dates – Release Calendar (page ${page})</title>
<meta name="description" content="Upcoming sneaker releases: dates, retail prices and sizes.">
<style>body{font-family:system-ui,sans-serif;margin:0}header{padding:12px 24px;border-bottom:1px solid #eee}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px;padding:24px}.release-card img{width:100%;height:auto}</style>
</head>
<body>
<div id="__next">
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/release-calendar">Release Calendar</a> <a href="/news">News</a></nav></header>
<main>
<h1>Release Calendar</h1>
<section class="grid">
${cards}
</section>
<nav class="pagination" aria-label="Pages">${prev} <span>Page ${page} of ${totalPages}</span> ${next}</nav>
</main>
<footer><p>&copy; Release Calendar</p></footer>
</div>
<script id="__NEXT_DATA__" type="application/json">${json}</script>
</body>
</html>
`;
}

// ---- The server ----

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
  const byId = new Map(products.map((p) => [p.productId, p]));
  const byStyleKey = new Map(products.map((p) => [styleKeyOf(p.styleId), p]));
  const haystacks = new Map<GeneratedProduct, string>();
  const haystackOf = (p: GeneratedProduct) => {
    let h = haystacks.get(p);
    if (h === undefined) {
      h = `${p.title} ${p.brand} ${p.styleId} ${styleKeyOf(p.styleId)}`.toLowerCase();
      haystacks.set(p, h);
    }
    return h;
  };
  let releases: Release[] | undefined;
  const releasesOf = () =>
    (releases ??= buildReleases(releaseSources, releaseCount, today, options.baseUrl()));

  const images = new Map<string, string>();
  const tokens = new Map<string, number>();
  const rate = options.rateLimit ?? { perSecond: 25, burst: 25 };
  const buckets = new Map<string, { tokens: number; at: number }>();
  // Each fault fails every other time, so each client call sees it fail once then succeed.
  const faults = new Map<string, boolean>();

  function takeToken(key: string): boolean {
    const now = Date.now();
    const bucket = buckets.get(key) ?? { tokens: rate.burst, at: now };
    bucket.tokens = Math.min(rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond);
    bucket.at = now;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  function faultFires(key: string): boolean {
    const fire = !(faults.get(key) ?? false);
    faults.set(key, fire);
    return fire;
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    let fields: Record<string, unknown> = {};
    try {
      const raw = await readBody(req);
      const type = req.headers['content-type'] ?? '';
      if (type.includes('application/json')) {
        const parsed: unknown = JSON.parse(raw || '{}');
        if (parsed && typeof parsed === 'object') fields = { ...parsed };
      } else fields = Object.fromEntries(new URLSearchParams(raw));
    } catch {
      return sendJson(res, 400, { error: 'invalid_request', error_description: 'Malformed body' });
    }
    if (fields.grant_type !== 'client_credentials')
      return sendJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Use client_credentials',
      });
    const { clientId, clientSecret } = options.credentials;
    if (fields.client_id !== clientId || fields.client_secret !== clientSecret)
      return sendJson(res, 401, { error: 'access_denied', error_description: 'Unauthorized' });
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, Date.now() + TOKEN_TTL_S * 1000);
    return sendJson(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      scope: 'offline_access openid',
    });
  }

  function authorize(req: IncomingMessage, res: ServerResponse): string | undefined {
    const apiKey = req.headers['x-api-key'];
    if (apiKey !== options.credentials.apiKey) {
      sendError(res, 403, 'Forbidden');
      return undefined;
    }
    const auth = req.headers.authorization ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const expires = tokens.get(bearer);
    if (!expires || expires < Date.now()) {
      sendError(res, 401, 'Unauthorized');
      return undefined;
    }
    if (!takeToken(apiKey)) {
      sendError(res, 429, 'Rate limit exceeded', { 'retry-after': '1' });
      return undefined;
    }
    return apiKey;
  }

  function search(url: URL, apiKey: string, res: ServerResponse) {
    const raw = (url.searchParams.get('query') ?? '').trim();
    const pageNumber = Number(url.searchParams.get('pageNumber') ?? '1');
    const pageSize = Number(url.searchParams.get('pageSize') ?? '10');
    if (!Number.isInteger(pageNumber) || pageNumber < 1)
      return sendError(res, 400, 'pageNumber must be a positive integer');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
      return sendError(res, 400, `pageSize must be between 1 and ${MAX_PAGE_SIZE}`);
    const words = raw.toLowerCase().split(/\s+/).filter(Boolean);
    const fault = words.find((w) => /^__\w+__$/.test(w));
    const terms = words.filter((w) => w !== fault);
    if (fault === '__429__' && faultFires(`${apiKey}:${fault}`))
      return sendError(res, 429, 'Rate limit exceeded', { 'retry-after': '1' });
    if (fault === '__500__' && faultFires(`${apiKey}:${fault}`))
      return sendError(res, 500, 'Internal server error');
    if (fault === '__badjson__') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        '{"count":3,"pageSize":10,"pageNumber":1,"hasNextPage":false,"products":[{"productId":"',
      );
    }
    if (!raw) return sendError(res, 400, 'query is required');
    const base = options.baseUrl();
    if (fault === '__broken__') {
      const sample = products.slice(0, 3).map((p) => productJson(p, base));
      return sendJson(res, 200, {
        count: 6,
        pageSize,
        pageNumber,
        hasNextPage: false,
        products: [
          { urlKey: 'no-product-id', title: 'Missing id', brand: 'Nike' },
          { productId: 42, title: ['not', 'a', 'title'], brand: null },
          'not a product',
          ...sample,
        ],
      });
    }
    const matches =
      terms.length === 0
        ? products
        : products.filter((p) => {
            const h = haystackOf(p);
            return terms.every((t) => {
              const key = styleKeyOf(t).toLowerCase();
              return h.includes(t) || (key !== '' && h.includes(key));
            });
          });
    const start = (pageNumber - 1) * pageSize;
    return sendJson(res, 200, {
      count: matches.length,
      pageSize,
      pageNumber,
      hasNextPage: start + pageSize < matches.length,
      products: matches.slice(start, start + pageSize).map((p) => productJson(p, base)),
    });
  }

  function catalog(parts: string[], url: URL, res: ServerResponse) {
    // parts: ['products', id, ('variants', (variantId, ('market-data')?)? | 'market-data')?]
    const product = byId.get(parts[1] ?? '');
    if (!product) return sendError(res, 404, 'Product not found');
    const currency = (url.searchParams.get('currencyCode') ?? 'EUR').toUpperCase();
    if (!(currency in CURRENCY_RATES)) return sendError(res, 400, `Unsupported currencyCode ${currency}`);
    if (parts.length === 2) return sendJson(res, 200, productJson(product, options.baseUrl()));
    const variants = variantsOf(product);
    if (parts.length === 3 && parts[2] === 'variants')
      return sendJson(
        res,
        200,
        variants.map((v) => variantJson(product, v)),
      );
    if (parts.length === 3 && parts[2] === 'market-data')
      return sendJson(
        res,
        200,
        variants.map((v) => marketData(product, v, currency)),
      );
    if (
      parts[2] === 'variants' &&
      (parts.length === 4 || (parts.length === 5 && parts[4] === 'market-data'))
    ) {
      const variant = variants.find((v) => v.variantId === parts[3]);
      if (!variant) return sendError(res, 404, 'Variant not found');
      return sendJson(
        res,
        200,
        parts.length === 4 ? variantJson(product, variant) : marketData(product, variant, currency),
      );
    }
    return sendError(res, 404, 'Not found');
  }

  function image(name: string, res: ServerResponse) {
    const key = styleKeyOf(decodeURIComponent(name.replace(/\.svg$/, '')));
    const product = byStyleKey.get(key);
    if (!product) return sendError(res, 404, 'Image not found');
    let svg = images.get(key);
    if (svg === undefined) {
      svg = sneakerSvg(product);
      images.set(key, svg);
    }
    res.writeHead(200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'content-length': Buffer.byteLength(svg),
    });
    res.end(svg);
  }

  function calendar(url: URL, res: ServerResponse) {
    const all = releasesOf();
    const totalPages = Math.max(1, Math.ceil(all.length / RELEASES_PER_PAGE));
    const page = Number(url.searchParams.get('page') ?? '1');
    if (!Number.isInteger(page) || page < 1 || page > totalPages) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        '<!DOCTYPE html><html lang="en"><head><title>Page not found</title></head><body><h1>404</h1></body></html>',
      );
    }
    const html = releasePage(
      all.slice((page - 1) * RELEASES_PER_PAGE, page * RELEASES_PER_PAGE),
      page,
      totalPages,
    );
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
    });
    res.end(html);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    if (path === '/health') return sendJson(res, 200, { status: 'ok', products: products.length });
    if (path === '/oauth/token') {
      if (method !== 'POST') return sendError(res, 405, 'Method not allowed');
      return token(req, res);
    }
    if (path.startsWith('/images/') && method === 'GET') return image(path.slice(8), res);
    if (path === '/release-calendar' && method === 'GET') return calendar(url, res);
    if (path.startsWith('/v2/')) {
      const apiKey = authorize(req, res);
      if (!apiKey) return;
      if (method !== 'GET') return sendError(res, 405, 'Method not allowed');
      const parts = path.slice(4).split('/').map(decodeURIComponent);
      if (parts[0] === 'catalog' && parts[1] === 'search' && parts.length === 2)
        return search(url, apiKey, res);
      if (parts[0] === 'catalog' && parts[1] === 'products' && parts.length >= 3)
        return catalog(parts.slice(1), url, res);
    }
    return sendError(res, 404, 'Not found');
  }

  return {
    products,
    releases: releasesOf,
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
