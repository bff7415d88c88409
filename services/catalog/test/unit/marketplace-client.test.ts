import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import {
  createHttpMarketplaceClient,
  MarketplaceError,
  type HttpMarketplaceOptions,
} from '../../src/marketplace/client';
import { secretsManagerCredentials } from '../../src/marketplace/credentials';
import {
  FAKE_CREDENTIALS,
  sampleProduct,
  sampleVariant,
  startFakeMarketplace,
  type FakeMarketplace,
} from '../support/fake-marketplace';

let api: FakeMarketplace;
let waits: number[];
let clock: ReturnType<typeof fixedClock>;

beforeEach(async () => {
  api = await startFakeMarketplace();
  waits = [];
  clock = fixedClock('2026-11-22T10:00:00Z');
});
afterEach(() => api.close());

function client(over: Partial<HttpMarketplaceOptions> = {}) {
  return createHttpMarketplaceClient({
    ...api.clientOptions(),
    clock,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...over,
  });
}

async function failure(promise: Promise<unknown>): Promise<MarketplaceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketplaceError);
  return error as MarketplaceError;
}

describe('marketplace client: authentication', () => {
  it('gets one client-credentials token, sends it with the api key, and reuses it until shortly before expiry', async () => {
    api.fallback = () => ({ body: sampleProduct() });
    const mp = client();
    await Promise.all([mp.getProduct('a'), mp.getProduct('b'), mp.getProduct('c')]);
    expect(api.tokenRequests()).toHaveLength(1);
    const form = new URLSearchParams(api.tokenRequests()[0]?.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: FAKE_CREDENTIALS.clientId,
      client_secret: FAKE_CREDENTIALS.clientSecret,
      audience: 'gateway.stockx.com',
    });
    for (const call of api.calls()) {
      expect(call.headers['x-api-key']).toBe(FAKE_CREDENTIALS.apiKey);
      expect(call.headers.authorization).toBe('Bearer token-1');
    }

    clock.advance(3600_000 - 61_000);
    await mp.getProduct('d');
    expect(api.tokenRequests()).toHaveLength(1);
    clock.advance(2_000);
    await mp.getProduct('e');
    expect(api.tokenRequests()).toHaveLength(2);
    expect(api.calls().at(-1)?.headers.authorization).toBe('Bearer token-2');
  });

  it('refreshes a token the API stops accepting, once', async () => {
    api.fallback = () => ({ body: sampleProduct() });
    const mp = client();
    await mp.getProduct('a');
    api.revokeTokens();
    await expect(mp.getProduct('b')).resolves.toMatchObject({ productId: 'p-1' });
    expect(api.tokenRequests()).toHaveLength(2);

    // A 401 with a fresh token is not retried again.
    api.script({ status: 401, body: { errorMessage: 'Unauthorized' } }, { status: 401, body: {} });
    api.revokeTokens();
    const error = await failure(mp.getProduct('c'));
    expect(error.upstreamStatus).toBe(401);
    expect([error.status, error.code]).toEqual([502, 'MARKETPLACE_ERROR']);
  });

  it('refuses wrong client credentials without retrying and without telling the secret', async () => {
    const mp = client({ credentials: async () => ({ ...FAKE_CREDENTIALS, clientSecret: 'wrong-secret' }) });
    const error = await failure(mp.getProduct('a'));
    expect(error.message).toBe('The marketplace API refused our client credentials.');
    expect(error.message).not.toContain('wrong-secret');
    expect(api.tokenRequests()).toHaveLength(1);
    expect(api.calls()).toHaveLength(0);
  });

  it('fails clearly when the API is not configured or the token answer is malformed', async () => {
    const unconfigured = createHttpMarketplaceClient({
      apiUrl: undefined,
      credentials: async () => FAKE_CREDENTIALS,
    });
    expect((await failure(unconfigured.searchCatalog('dunk'))).message).toBe(
      'The marketplace API is not configured.',
    );
    api.tokenReply = { body: { token_type: 'Bearer' } };
    expect((await failure(client().getProduct('a'))).message).toBe(
      'The marketplace API returned a malformed token answer at access_token.',
    );
  });
});

describe('marketplace client: retries', () => {
  it('waits out a 429 as its Retry-After says, then succeeds', async () => {
    api.script({ status: 429, headers: { 'retry-after': '1' }, body: { errorMessage: 'Too many' } });
    api.fallback = () => ({ body: sampleProduct() });
    await expect(client().getProduct('a')).resolves.toMatchObject({ styleId: 'DD1391-100' });
    expect(api.calls()).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it('backs off exponentially with jitter on 5xx and gives up after 3 attempts', async () => {
    api.fallback = () => ({ status: 503, body: '<html>down</html>' });
    const error = await failure(client({ baseDelayMs: 100 }).getProduct('a'));
    expect(api.calls()).toHaveLength(3);
    // random() = 0.5: 100 + 50, then 200 + 100.
    expect(waits).toEqual([150, 300]);
    expect([error.status, error.code, error.upstreamStatus]).toEqual([502, 'MARKETPLACE_ERROR', 503]);
    expect(error.message).toBe('The marketplace API failed (HTTP 503).');
  });

  it('recovers from one 500', async () => {
    api.script({ status: 500 });
    api.fallback = () => ({ body: [sampleVariant()] });
    await expect(client().getProductVariants('p-1')).resolves.toHaveLength(1);
    expect(api.calls()).toHaveLength(2);
  });

  it('caps a long Retry-After and reports the rate limit when it persists', async () => {
    api.fallback = () => ({ status: 429, headers: { 'retry-after': '120' } });
    const error = await failure(client({ maxDelayMs: 2000 }).searchCatalog('dunk'));
    expect(waits).toEqual([2000, 2000]);
    expect(error.upstreamStatus).toBe(429);
    expect(error.message).toBe('The marketplace API is rate limiting requests. Try again shortly.');
  });

  it('does not retry a 404 and passes the upstream message on as 404 MARKETPLACE_NOT_FOUND', async () => {
    api.script({ status: 404, body: { errorMessage: 'Product not found' } });
    const error = await failure(client().getProduct('nope'));
    expect([error.status, error.code, error.message]).toEqual([
      404,
      'MARKETPLACE_NOT_FOUND',
      'Product not found',
    ]);
    expect(api.calls()).toHaveLength(1);
  });

  it('times out a request that never answers, retrying it', async () => {
    api.fallback = () => ({ hang: true });
    const error = await failure(client({ timeoutMs: 50 }).getProduct('slow'));
    expect(error.message).toBe('The marketplace API did not answer in time.');
    expect(api.calls()).toHaveLength(3);
  });

  it('reports an unreachable API', async () => {
    const mp = client({ apiUrl: 'http://127.0.0.1:1', authUrl: `${api.url}/oauth/token` });
    expect((await failure(mp.getProduct('a'))).message).toBe('The marketplace API could not be reached.');
  });
});

describe('marketplace client: malformed answers', () => {
  it('turns a body that is not JSON into a MarketplaceError', async () => {
    api.script({ body: '{"productId": "p-1", "title": ' });
    expect((await failure(client().getProduct('a'))).message).toBe(
      'The marketplace API returned a response that is not valid JSON.',
    );
  });

  it('names the first field that does not fit', async () => {
    api.script({ body: { ...sampleProduct(), title: 42 } });
    expect((await failure(client().getProduct('a'))).message).toBe(
      'The marketplace API returned a malformed product at title.',
    );
    api.script({ body: { not: 'a list' } });
    expect((await failure(client().getProductVariants('a'))).message).toBe(
      'The marketplace API returned a malformed variant list.',
    );
    api.script({ body: [{ productId: 'p-1', currencyCode: 'EUR', lowestAskAmount: { amount: 1 } }] });
    expect((await failure(client().getMarketDataProduct('a'))).message).toBe(
      'The marketplace API returned a malformed market data list at 0.lowestAskAmount.',
    );
  });

  it('keeps the good products of a search page and counts the bad ones', async () => {
    api.script({
      body: {
        count: 3,
        pageSize: 10,
        pageNumber: 1,
        hasNextPage: false,
        products: [sampleProduct(), { productId: 'p-2', title: null }, 'junk'],
      },
    });
    const page = await client().searchCatalog('dunk', { pageSize: 10 });
    expect(page.products.map((p) => p.productId)).toEqual(['p-1']);
    expect(page.rejected).toBe(2);
    expect(Object.fromEntries(api.calls()[0]?.query ?? [])).toEqual({
      query: 'dunk',
      pageNumber: '1',
      pageSize: '10',
    });

    api.script({ body: { count: 'many', products: [] } });
    expect((await failure(client().searchCatalog('other'))).message).toBe(
      'The marketplace API returned a malformed search page at count.',
    );
  });

  it('keeps the fields it does not know (the test page shows the raw answer)', async () => {
    api.script({ body: sampleProduct({ extra: { traits: ['limited'] } }) });
    expect(await client().getProduct('a')).toMatchObject({ extra: { traits: ['limited'] } });
  });
});

describe('marketplace client: cache (docs/product/catalogue.md#marketplace-cache)', () => {
  beforeEach(() => {
    api.fallback = (request) =>
      request.path.endsWith('/variants') ? { body: [sampleVariant()] } : { body: sampleProduct() };
  });

  it('keeps a product 10 minutes', async () => {
    const mp = client();
    await mp.getProduct('p-1');
    clock.advance(10 * 60_000 - 1);
    await mp.getProduct('p-1');
    expect(api.calls()).toHaveLength(1);
    clock.advance(1);
    await mp.getProduct('p-1');
    expect(api.calls()).toHaveLength(2);
  });

  it('keeps variants 5 minutes, serves one variant from the list, and skips the cache when asked', async () => {
    const mp = client();
    await mp.getProductVariants('p-1');
    await mp.getProductVariant('p-1', 'v-9');
    clock.advance(5 * 60_000 - 1);
    await mp.getProductVariants('p-1');
    expect(api.calls()).toHaveLength(1);
    await mp.getProductVariants('p-1', { fresh: true });
    expect(api.calls()).toHaveLength(2);
    clock.advance(5 * 60_000);
    await mp.getProductVariants('p-1');
    expect(api.calls()).toHaveLength(3);
  });

  it('keys searches by query and page, and does not cache failures', async () => {
    const page = { count: 0, pageSize: 20, pageNumber: 1, hasNextPage: false, products: [] };
    api.fallback = () => ({ body: page });
    const mp = client();
    await mp.searchCatalog('dunk');
    await mp.searchCatalog('dunk');
    await mp.searchCatalog('dunk', { pageNumber: 2 });
    await mp.searchCatalog('jordan');
    expect(api.calls()).toHaveLength(3);
    api.script({ status: 400, body: { errorMessage: 'Bad query' } });
    await failure(mp.getMarketDataProduct('p-1', 'EUR'));
    api.fallback = () => ({
      body: [{ productId: 'p-1', variantId: 'v-9', currencyCode: 'EUR', lowestAskAmount: 120 }],
    });
    await expect(mp.getMarketDataProduct('p-1', 'EUR')).resolves.toHaveLength(1);
    await mp.getMarketDataProduct('p-1', 'EUR');
    expect(api.calls()).toHaveLength(5);
    expect(api.calls().at(-1)?.query.get('currencyCode')).toBe('EUR');
  });
});

describe('marketplace credentials from Secrets Manager', () => {
  async function secretsServer(answer: (target: string, body: string) => { status: number; body: unknown }) {
    const requests: { target: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const target = String(req.headers['x-amz-target']);
        requests.push({ target, body });
        const out = answer(target, body);
        res.writeHead(out.status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(out.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url,
      requests,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  }

  it('reads the secret with GetSecretValue once per container', async () => {
    const sm = await secretsServer((_target, body) => ({
      status: 200,
      body: {
        ARN: 'arn:aws:secretsmanager:eu-west-1:000000000000:secret:mp',
        Name: JSON.parse(body).SecretId,
        SecretString: JSON.stringify(FAKE_CREDENTIALS),
        VersionId: 'v1',
      },
    }));
    try {
      const read = secretsManagerCredentials({
        MARKETPLACE_SECRET_ID: 'sneakers-local/marketplace',
        SECRETS_ENDPOINT: sm.url,
        AWS_REGION: 'eu-west-1',
      });
      expect(await read()).toEqual(FAKE_CREDENTIALS);
      expect(await read()).toEqual(FAKE_CREDENTIALS);
      expect(sm.requests).toEqual([
        {
          target: 'secretsmanager.GetSecretValue',
          body: JSON.stringify({ SecretId: 'sneakers-local/marketplace' }),
        },
      ]);
    } finally {
      await sm.close();
    }
  });

  it('fails without the secret, with a broken one, and tries again after a failure', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { __type: 'ResourceNotFoundException', message: 'Secrets Manager cannot find the secret' },
    };
    const sm = await secretsServer(() => answer);
    try {
      const env = { MARKETPLACE_SECRET_ID: 'missing', SECRETS_ENDPOINT: sm.url, AWS_REGION: 'eu-west-1' };
      const read = secretsManagerCredentials(env);
      expect((await failure(read())).message).toBe(
        'The marketplace credentials could not be read (ResourceNotFoundException).',
      );
      answer = { status: 200, body: { SecretString: JSON.stringify({ apiKey: 'k', clientId: 'c' }) } };
      expect((await failure(read())).message).toBe(
        'The marketplace credentials secret lacks apiKey, clientId or clientSecret.',
      );
      answer = { status: 200, body: { SecretString: JSON.stringify(FAKE_CREDENTIALS) } };
      expect(await read()).toEqual(FAKE_CREDENTIALS);
      expect(sm.requests).toHaveLength(3);
      expect(
        (await failure(secretsManagerCredentials({ ...env, MARKETPLACE_SECRET_ID: undefined })())).message,
      ).toBe('The marketplace API is not configured (no secret).');
    } finally {
      await sm.close();
    }
  });
});
