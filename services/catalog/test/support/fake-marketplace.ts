import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Product } from '@sneakers/shared/contracts/catalog';

/**
 * The catalog tests' one fake marketplace, for what the local cloud's emulator
 * (localstack/src/marketplace/, which serves the happy paths) cannot be made to do: a
 * StockX-v2-shaped HTTP server that issues tokens, checks x-api-key and the bearer token,
 * records every request, answers each API call with what the test scripted, and serves the
 * release calendar's pages as the test decides; with the sample data those answers carry.
 */
export const FAKE_CREDENTIALS = { apiKey: 'key-123', clientId: 'client-abc', clientSecret: 'shh-secret' };

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as it is (malformed JSON); anything else as JSON. */
  body?: unknown;
  /** Never answer (timeouts). */
  hang?: boolean;
  /** Answer after this long (a slow page). */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeMarketplace {
  url: string;
  requests: RecordedRequest[];
  /** API calls only (no token requests, no calendar pages). */
  calls(): RecordedRequest[];
  tokenRequests(): RecordedRequest[];
  /** Replies for the next API calls, in order; then `fallback`. */
  script(...replies: Reply[]): void;
  fallback: (request: RecordedRequest) => Reply;
  /** Tokens issued so far stop being accepted (401). */
  revokeTokens(): void;
  tokenReply?: Reply;
  /** What points a marketplace client at this fake: its URLs and credentials. */
  clientOptions(): { apiUrl: string; authUrl: string; credentials: () => Promise<typeof FAKE_CREDENTIALS> };
  /** The release calendar's answer for `page` (`GET /release-calendar?page=N`, no credentials needed). */
  calendar: (page: number) => Reply;
  close(): Promise<void>;
}

const CALENDAR_PATH = '/release-calendar';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

function send(res: ServerResponse, reply: Reply) {
  if (reply.hang) return;
  if (reply.delayMs) {
    setTimeout(() => send(res, { ...reply, delayMs: 0 }), reply.delayMs);
    return;
  }
  const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
  res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
  res.end(body);
}

export async function startFakeMarketplace(): Promise<FakeMarketplace> {
  const valid = new Set<string>();
  let issued = 0;
  const queue: Reply[] = [];
  const open = new Set<ServerResponse>();

  const api: FakeMarketplace = {
    url: '',
    requests: [],
    calls: () => api.requests.filter((r) => r.path !== '/oauth/token' && r.path !== CALENDAR_PATH),
    tokenRequests: () => api.requests.filter((r) => r.path === '/oauth/token'),
    script: (...replies) => queue.push(...replies),
    fallback: () => ({ status: 404, body: { errorMessage: 'Not found' } }),
    revokeTokens: () => valid.clear(),
    clientOptions: () => ({
      apiUrl: api.url,
      authUrl: `${api.url}/oauth/token`,
      credentials: async () => FAKE_CREDENTIALS,
    }),
    calendar: () => ({ status: 404, headers: { 'content-type': 'text/html' }, body: 'no calendar' }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server = createServer(async (req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: await readBody(req),
    };
    api.requests.push(request);
    if (url.pathname === CALENDAR_PATH)
      return send(res, api.calendar(Number(url.searchParams.get('page') ?? '1')));
    if (url.pathname === '/oauth/token') {
      if (api.tokenReply) return send(res, api.tokenReply);
      const form = new URLSearchParams(request.body);
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== FAKE_CREDENTIALS.clientId ||
        form.get('client_secret') !== FAKE_CREDENTIALS.clientSecret
      )
        return send(res, { status: 401, body: { error: 'invalid_client' } });
      const token = `token-${++issued}`;
      valid.add(token);
      return send(res, { body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } });
    }
    if (req.headers['x-api-key'] !== FAKE_CREDENTIALS.apiKey)
      return send(res, { status: 403, body: { errorMessage: 'Forbidden' } });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !valid.has(bearer))
      return send(res, { status: 401, body: { errorMessage: 'Unauthorized' } });
    send(res, queue.shift() ?? api.fallback(request));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

// ---- Sample data: a marketplace product and variant (a men's US 9 of the Dunk Low Panda) ----

/** A men's US 9 in every size system, as the marketplace lists its conversions (a fresh list each time). */
const size9Conversions = () => [
  { size: 'US M 9', type: 'us m' },
  { size: 'EU 42.5', type: 'eu' },
  { size: 'UK 8', type: 'uk' },
  { size: 'US W 10.5', type: 'us w' },
  { size: '27 cm', type: 'jp cm' },
];

export const sampleProduct = (over: Record<string, unknown> = {}) => ({
  productId: 'p-1',
  urlKey: 'nike-dunk-low-retro-white-black-2021',
  styleId: 'DD1391-100',
  productType: 'sneakers',
  title: 'Nike Dunk Low Retro White Black Panda',
  brand: 'Nike',
  productAttributes: {
    gender: 'men',
    season: 'SP21',
    releaseDate: '2021-03-10',
    retailPrice: 110,
    colorway: 'White/Black',
  },
  media: { imageUrl: 'https://images.example.com/dunk.png' },
  ...over,
});

export const sampleVariant = (over: Record<string, unknown> = {}) => ({
  productId: 'p-1',
  variantId: 'v-9',
  variantName: 'Nike-Dunk-Low:9',
  variantValue: '9',
  sizeChart: {
    defaultConversion: { size: 'US M 9', type: 'us m' },
    availableConversions: size9Conversions(),
  },
  gtins: [{ identifier: '195866123456', type: 'UPC' }],
  isFlexEligible: false,
  isDirectEligible: true,
  ...over,
});

/** The catalogue's product for the sample (its marketplace id is the sample's). */
export const storedProduct = (over: Partial<Product> = {}): Product => ({
  id: 'prod-1',
  sku: 'DD1391-100',
  name: 'Nike Dunk Low',
  brand: 'Nike',
  productType: 'sneakers',
  imageUrl: null,
  releaseDate: null,
  retailPrice: 11000,
  currency: 'EUR',
  colorway: 'White/Black',
  gender: 'men',
  marketplaceSlug: null,
  marketplaceProductId: 'p-1',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

// ---- The release calendar: pages as the real site (and the local emulator) serve them, a
// Next.js page whose cards render the JSON in `<script id="__NEXT_DATA__">` ----

export interface FixtureRelease {
  [key: string]: unknown;
}

export function release(overrides: FixtureRelease = {}): FixtureRelease {
  return {
    id: 'r-1',
    urlKey: 'nike-dunk-low-retro-white-black-2021',
    styleId: 'DD1391-100',
    title: 'Nike Dunk Low Retro White Black',
    brand: 'Nike',
    productCategory: 'sneakers',
    gender: 'men',
    colorway: 'White/Black',
    media: { imageUrl: '/images/DD1391-100.svg' },
    releaseDate: '2030-03-10',
    retailPrice: 119.99,
    status: 'upcoming',
    variants: [
      {
        id: 'v-10',
        sizeChart: {
          defaultConversion: { size: 'US M 10', type: 'us m' },
          availableConversions: [
            { size: 'US M 10', type: 'us m' },
            { size: 'EU 44', type: 'eu' },
          ],
        },
        retailPrice: 119.99,
      },
      {
        id: 'v-9',
        sizeChart: {
          defaultConversion: { size: 'US M 9', type: 'us m' },
          availableConversions: size9Conversions(),
        },
        retailPrice: null,
      },
    ],
    ...overrides,
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const field = (r: unknown, key: string): string => {
  const value: unknown = typeof r === 'object' && r !== null ? Reflect.get(r, key) : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

function card(r: unknown): string {
  const title = field(r, 'title');
  const date = field(r, 'releaseDate');
  return `
      <article class="release-card">
        <a href="/${field(r, 'urlKey')}"><img src="/images/${field(r, 'styleId')}.svg" alt="${escapeHtml(title)}" loading="lazy"></a>
        <h3 class="release-card__title">${escapeHtml(title)}</h3>
        <time datetime="${date}">${date}</time>
        <p class="price">€${field(r, 'retailPrice')}</p>
      </article>`;
}

/** A whole calendar page; `data` replaces the __NEXT_DATA__ text when given (raw, for broken JSON). */
export function calendarPage(
  releases: unknown[],
  pagination: { page: number; totalPages: number } = { page: 1, totalPages: 1 },
  data?: string,
): string {
  // Next.js escapes '<' inside the JSON so no string can close the script element.
  const json =
    data ??
    JSON.stringify({
      props: { pageProps: { releases, pagination } },
      page: '/release-calendar',
      query: { page: String(pagination.page) },
      buildId: 'local',
    }).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Release Calendar | Sneakers</title>
    <meta name="description" content="Upcoming sneaker releases">
    <link rel="stylesheet" href="/_next/static/css/app.css">
    <script>window.__ANALYTICS__ = { page: "</div><script id=\\"__NEXT_DATA__\\">" };</script>
  </head>
  <body>
    <!-- <script id="__NEXT_DATA__">{"props":{"pageProps":{"releases":[]}}}</script> -->
    <div id="__NEXT_DATA__" hidden>not the data</div>
    <nav class="top-nav"><a href="/">Home</a> <a href="/release-calendar">Releases</a></nav>
    <main>
      <h1>Release Calendar</h1>
      <section class="grid">${releases.map(card).join('')}
      </section>
      <nav class="pager"><a href="?page=${pagination.page + 1}">Next</a></nav>
    </main>
    <script id="__NEXT_DATA__" type="application/json" crossorigin="anonymous">${json}</script>
    <script src="/_next/static/chunks/main.js" defer></script>
  </body>
</html>`;
}
