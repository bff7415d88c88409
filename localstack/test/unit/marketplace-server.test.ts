import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { DEMO_CATALOGUE_SIZE } from '../../src/marketplace/catalogue';
import { startMarketplaceEmulator, type MarketplaceEmulator } from '../../src/marketplace/server';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const credentials = { apiKey: 'test-key', clientId: 'test-client', clientSecret: 'test-secret' };
const TODAY = '2026-11-23';

let emulator: MarketplaceEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startMarketplaceEmulator({
    port: 0,
    credentials,
    today: TODAY,
    count: 2000,
    rateLimit: { perSecond: 200, burst: 200 },
  });
  token = await getToken();
});
afterAll(() => emulator.close());

async function getToken(): Promise<string> {
  const res = await fetch(`${emulator.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      audience: 'gateway.stockx.com',
    }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
  return body.access_token;
}

function v2(path: string, headers: Record<string, string> = {}) {
  return fetch(`${emulator.url}/v2${path}`, {
    headers: { 'x-api-key': credentials.apiKey, authorization: `Bearer ${token}`, ...headers },
  });
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

interface Page {
  count: number;
  pageSize: number;
  pageNumber: number;
  hasNextPage: boolean;
  products: {
    productId: string;
    styleId: string;
    brand: string;
    title: string;
    media: { imageUrl: string };
  }[];
}

describe('marketplace emulator: authentication', () => {
  it('issues tokens for the right client (form or JSON) and refuses wrong credentials', async () => {
    const jsonToken = await fetch(`${emulator.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'test-client',
        client_secret: 'test-secret',
      }),
    });
    expect(jsonToken.status).toBe(200);
    const wrong = await fetch(`${emulator.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'test-client',
        client_secret: 'nope',
      }),
    });
    expect(wrong.status).toBe(401);
  });

  it('needs the API key and a valid bearer token on every /v2 call', async () => {
    const noKey = await v2('/catalog/search?query=dunk', { 'x-api-key': '' });
    expect(noKey.status).toBe(403);
    expect(await json(noKey)).toEqual({ errorMessage: 'Forbidden' });
    const badToken = await v2('/catalog/search?query=dunk', { authorization: 'Bearer forged' });
    expect(badToken.status).toBe(401);
    expect(await json(badToken)).toEqual({ errorMessage: 'Unauthorized' });
    expect((await v2('/catalog/search?query=dunk')).status).toBe(200);
  });
});

describe('marketplace emulator: catalogue', () => {
  it('searches title, brand and style code case-insensitively, page by page', async () => {
    const first = await json<Page>(await v2('/catalog/search?query=new%20balance&pageSize=50'));
    expect(first.count).toBeGreaterThan(100);
    expect(first.products).toHaveLength(50);
    expect(first.products.every((p) => p.brand === 'New Balance')).toBe(true);
    expect(first).toMatchObject({ pageNumber: 1, pageSize: 50, hasNextPage: true });
    const second = await json<Page>(await v2('/catalog/search?query=new%20balance&pageSize=50&pageNumber=2'));
    expect(second.products[0]?.productId).not.toBe(first.products[0]?.productId);
    const lastPage = Math.ceil(first.count / 50);
    const last = await json<Page>(
      await v2(`/catalog/search?query=new%20balance&pageSize=50&pageNumber=${lastPage}`),
    );
    expect(last.hasNextPage).toBe(false);
    expect(last.products.length).toBe(first.count - (lastPage - 1) * 50);

    for (const query of ['DD1391-100', 'dd1391 100', 'dd1391100']) {
      const page = await json<Page>(await v2(`/catalog/search?query=${encodeURIComponent(query)}`));
      expect(page.products[0]?.styleId).toBe('DD1391-100');
    }
    expect((await v2('/catalog/search?query=dunk&pageSize=51')).status).toBe(400);
  });

  it('serves a product, its variants, one variant and market data in StockX shapes', async () => {
    const { products } = await json<Page>(await v2('/catalog/search?query=DD1391-100'));
    const id = products[0]!.productId;
    const product = await json<Record<string, unknown>>(await v2(`/catalog/products/${id}`));
    expect(product).toMatchObject({
      productId: id,
      styleId: 'DD1391-100',
      productType: 'sneakers',
      brand: 'Nike',
      productAttributes: {
        gender: 'men',
        releaseDate: '2021-03-10',
        retailPrice: 120,
        colorway: 'White/Black-White',
      },
      media: { imageUrl: `${emulator.url}/images/DD1391-100.svg` },
    });

    const variants = await json<
      {
        variantId: string;
        variantValue: string;
        sizeChart: {
          defaultConversion: { size: string; type: string };
          availableConversions: { size: string; type: string }[];
        };
      }[]
    >(await v2(`/catalog/products/${id}/variants`));
    const nine = variants.find((v) => v.variantValue === '9')!;
    expect(nine.sizeChart.defaultConversion).toEqual({ size: 'US M 9', type: 'us m' });
    expect(nine.sizeChart.availableConversions).toEqual(
      expect.arrayContaining([
        { size: 'US M 9', type: 'us m' },
        { size: 'EU 42.5', type: 'eu' },
        { size: 'UK 8', type: 'uk' },
        { size: 'US W 10.5', type: 'us w' },
        { size: '27 cm', type: 'jp cm' },
      ]),
    );
    const one = await json<{ variantId: string }>(
      await v2(`/catalog/products/${id}/variants/${nine.variantId}`),
    );
    expect(one.variantId).toBe(nine.variantId);

    const market = await json<Record<string, unknown>[]>(
      await v2(`/catalog/products/${id}/market-data?currencyCode=EUR`),
    );
    expect(market).toHaveLength(variants.length);
    const variantMarket = await json<Record<string, number | string>>(
      await v2(`/catalog/products/${id}/variants/${nine.variantId}/market-data?currencyCode=EUR`),
    );
    expect(Object.keys(variantMarket).sort()).toEqual(
      [
        'currencyCode',
        'earnMoreAmount',
        'flexLowestAskAmount',
        'highestBidAmount',
        'lowestAskAmount',
        'productId',
        'sellFasterAmount',
        'variantId',
      ].sort(),
    );
    expect(variantMarket.currencyCode).toBe('EUR');
    expect(Number(variantMarket.highestBidAmount)).toBeLessThan(Number(variantMarket.lowestAskAmount));
    // Deterministic: the same answer twice.
    expect(
      await json(await v2(`/catalog/products/${id}/variants/${nine.variantId}/market-data?currencyCode=EUR`)),
    ).toEqual(variantMarket);
  });

  it('answers 404 with errorMessage for unknown products and variants', async () => {
    const missing = await v2('/catalog/products/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ errorMessage: 'Product not found' });
    const product = emulator.products[3]!;
    const variant = await v2(`/catalog/products/${product.productId}/variants/nope`);
    expect(variant.status).toBe(404);
    expect(await json(variant)).toEqual({ errorMessage: 'Variant not found' });
  });

  it('serves each product image as an SVG', async () => {
    const res = await fetch(`${emulator.url}/images/DD1391-100.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg /);
    expect((await fetch(`${emulator.url}/images/NOPE-000.svg`)).status).toBe(404);
  });
});

describe('marketplace emulator: errors and rate limits', () => {
  it('answers __429__ with 429 and Retry-After once, then succeeds; __500__ likewise', async () => {
    const first = await v2('/catalog/search?query=dunk%20__429__');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    const second = await v2('/catalog/search?query=dunk%20__429__');
    expect(second.status).toBe(200);
    expect((await json<Page>(second)).count).toBeGreaterThan(0);
    expect((await v2('/catalog/search?query=__500__')).status).toBe(500);
    expect((await v2('/catalog/search?query=__500__')).status).toBe(200);
  });

  it('returns malformed products for __broken__ and a truncated body for __badjson__', async () => {
    const broken = await json<Page>(await v2('/catalog/search?query=__broken__'));
    expect(broken.products.length).toBe(6);
    expect(
      broken.products.filter((p) => typeof p === 'object' && typeof p.productId === 'string'),
    ).toHaveLength(3);
    const bad = await v2('/catalog/search?query=__badjson__');
    await expect(bad.json()).rejects.toThrow();
  });

  it('rate-limits each API key with a token bucket (429 + Retry-After), then lets calls through again', async () => {
    const limited = await startMarketplaceEmulator({
      port: 0,
      credentials,
      today: TODAY,
      count: 600,
      rateLimit: { perSecond: 10, burst: 5 },
    });
    try {
      const tokenRes = await fetch(`${limited.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: 'test-client',
          client_secret: 'test-secret',
        }),
      });
      const { access_token } = await json<{ access_token: string }>(tokenRes);
      const call = () =>
        fetch(`${limited.url}/v2/catalog/search?query=nike`, {
          headers: { 'x-api-key': credentials.apiKey, authorization: `Bearer ${access_token}` },
        });
      const statuses = await Promise.all(Array.from({ length: 12 }, () => call().then((r) => r.status)));
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      const rejected = await call();
      if (rejected.status === 429) expect(rejected.headers.get('retry-after')).toBe('1');
      await new Promise((r) => setTimeout(r, 1000));
      expect((await call()).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

function walk(node: Node, visit: (el: Element) => void) {
  if ('tagName' in node) visit(node);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit);
  if ('content' in node && node.content) walk(node.content, visit);
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

interface NextData {
  props: {
    pageProps: {
      releases: {
        id: string;
        styleId?: string;
        releaseDate: string;
        retailPrice: number;
        status: string;
        variants: unknown[];
      }[];
      pagination: { page: number; totalPages: number };
    };
  };
}

async function releasePage(page: number) {
  const res = await fetch(`${emulator.url}/release-calendar?page=${page}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  const doc = parse(await res.text());
  let data: NextData | undefined;
  let articles = 0;
  walk(doc, (el) => {
    if (el.tagName === 'article') articles++;
    if (el.tagName === 'script' && attr(el, 'id') === '__NEXT_DATA__') {
      expect(attr(el, 'type')).toBe('application/json');
      const text = el.childNodes.map((c) => ('value' in c ? c.value : '')).join('');
      data = JSON.parse(text) as NextData;
    }
  });
  if (!data) throw new Error('no __NEXT_DATA__');
  return { data, articles };
}

describe('marketplace emulator: release calendar', () => {
  it('serves HTML pages with the releases in __NEXT_DATA__, including exactly two malformed ones', async () => {
    const first = await releasePage(1);
    const { totalPages } = first.data.props.pageProps.pagination;
    expect(totalPages).toBe(3);
    expect(first.articles).toBe(first.data.props.pageProps.releases.length);
    const releases = [...first.data.props.pageProps.releases];
    for (let page = 2; page <= totalPages; page++)
      releases.push(...(await releasePage(page)).data.props.pageProps.releases);
    expect(releases).toHaveLength(60);

    const validDate = (d: string) =>
      /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
    const malformed = releases.filter((r) => !r.styleId || !validDate(r.releaseDate));
    expect(malformed).toHaveLength(2);
    const good = releases.filter((r) => !malformed.includes(r));
    const last = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(good.every((r) => r.releaseDate >= TODAY && r.releaseDate <= last)).toBe(true);
    expect(good.every((r) => r.variants.length > 0 && r.retailPrice > 0)).toBe(true);

    // Releases are products after the demo catalogue, and the API agrees on their dates.
    const demoIds = new Set(emulator.products.slice(0, DEMO_CATALOGUE_SIZE).map((p) => p.productId));
    expect(good.some((r) => demoIds.has(r.id))).toBe(false);
    const sample = good[5]!;
    const product = await json<{ productAttributes: { releaseDate: string } }>(
      await v2(`/catalog/products/${sample.id}`),
    );
    expect(product.productAttributes.releaseDate).toBe(sample.releaseDate);

    expect((await fetch(`${emulator.url}/release-calendar?page=4`)).status).toBe(404);
  });
});
