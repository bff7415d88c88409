import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny StockX-v2-shaped HTTP server for the client's fault cases (the emulator serves
 * the happy path): it issues tokens, checks x-api-key and the bearer token, records every
 * request, and answers each API call with what the test scripted.
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

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  /** API calls only (no token requests). */
  calls(): RecordedRequest[];
  tokenRequests(): RecordedRequest[];
  /** Replies for the next API calls, in order; then `fallback`. */
  script(...replies: Reply[]): void;
  fallback: (request: RecordedRequest) => Reply;
  /** Tokens issued so far stop being accepted (401). */
  revokeTokens(): void;
  tokenReply?: Reply;
  close(): Promise<void>;
}

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

export async function startFakeApi(): Promise<FakeApi> {
  const valid = new Set<string>();
  let issued = 0;
  const queue: Reply[] = [];
  const open = new Set<ServerResponse>();

  const api: FakeApi = {
    url: '',
    requests: [],
    calls: () => api.requests.filter((r) => r.path !== '/oauth/token'),
    tokenRequests: () => api.requests.filter((r) => r.path === '/oauth/token'),
    script: (...replies) => queue.push(...replies),
    fallback: () => ({ status: 404, body: { errorMessage: 'Not found' } }),
    revokeTokens: () => valid.clear(),
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
    availableConversions: [
      { size: 'US M 9', type: 'us m' },
      { size: 'EU 42.5', type: 'eu' },
      { size: 'UK 8', type: 'uk' },
      { size: 'US W 10.5', type: 'us w' },
      { size: '27 cm', type: 'jp cm' },
    ],
  },
  gtins: [{ identifier: '195866123456', type: 'UPC' }],
  isFlexEligible: false,
  isDirectEligible: true,
  ...over,
});
