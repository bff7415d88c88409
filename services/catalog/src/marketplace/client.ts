import * as z from 'zod/mini';
import { systemClock, type Clock } from '@sneakers/shared/clock';
import { MARKETPLACE_LIMIT_DEFAULT, MARKETPLACE_LIMIT_MAX } from '@sneakers/shared/contracts/catalog';
import type { RuntimeEnv } from '@sneakers/shared/runtime/config';
import { MARKETPLACE_CACHE, TtlCache } from './cache';
import { secretsManagerCredentials, type CredentialsSource } from './credentials';
import { MarketplaceError } from './errors';
import {
  mpMarketDataSchema,
  mpProductSchema,
  mpSearchEnvelopeSchema,
  mpVariantSchema,
  tokenResponseSchema,
  type MpMarketData,
  type MpProduct,
  type MpSearchPage,
  type MpVariant,
} from './shapes';

export { MarketplaceError } from './errors';
export type { MpMarketData, MpProduct, MpSearchPage, MpVariant, MpSizeConversion } from './shapes';

/**
 * Watches one call's HTTP requests (retries included): `beforeRequest` is awaited before each
 * goes out (a pacer takes its slot there), `afterResponse` hears each answer's status (null when
 * none came). A call answered from the cache makes none.
 */
export interface CallObserver {
  beforeRequest?(): Promise<void>;
  afterResponse?(status: number | null): void;
}

/** The marketplace API (StockX v2 shapes): the six actions of the test page (docs/product/catalogue.md#marketplace-api-test-page). */
export interface MarketplaceClient {
  searchCatalog(query: string, opts?: { pageNumber?: number; pageSize?: number }): Promise<MpSearchPage>;
  /** `fresh` skips the cache (the refresh-variants modal must see the marketplace's current data). */
  getProduct(productId: string, opts?: { fresh?: boolean }): Promise<MpProduct>;
  getProductVariants(productId: string, opts?: { fresh?: boolean }): Promise<MpVariant[]>;
  getProductVariant(productId: string, variantId: string): Promise<MpVariant>;
  getMarketDataProduct(
    productId: string,
    currency?: string,
    observer?: CallObserver,
  ): Promise<MpMarketData[]>;
  getMarketDataVariant(productId: string, variantId: string, currency?: string): Promise<MpMarketData>;
}

export interface HttpMarketplaceOptions {
  /** Base URL of the API, e.g. https://api.stockx.com (the emulator locally). */
  apiUrl: string | undefined;
  /** OAuth token endpoint (client credentials); defaults to `${apiUrl}/oauth/token`. */
  authUrl?: string | undefined;
  credentials: CredentialsSource;
  clock?: Clock;
  /** Per HTTP request, body included. */
  timeoutMs?: number;
  /** Tries per call on 429, 5xx, timeouts and network errors. */
  attempts?: number;
  /** First backoff step; doubles per retry, plus up to as much again of jitter. */
  baseDelayMs?: number;
  /** Cap of any one wait, a Retry-After included (a Lambda cannot wait a minute). */
  maxDelayMs?: number;
  /** Sent with the token request (StockX wants its gateway as audience). */
  audience?: string;
  defaultCurrency?: string;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const DEFAULTS = {
  timeoutMs: 5_000,
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
  audience: 'gateway.stockx.com',
  defaultCurrency: 'EUR',
};

/** Refresh a token this long before it expires, so no call goes out with a dying one. */
const TOKEN_EXPIRY_MARGIN_MS = 60_000;
/** When the token answer has no expires_in. */
const TOKEN_DEFAULT_TTL_MS = 3_600_000;
const MESSAGE_MAX = 300;

interface Token {
  value: string;
  refreshAt: number;
}

type Parse<T> = (json: unknown) => T;

/** A schema's parse that turns a mismatch into a MarketplaceError naming what broke. */
function parserOf<S extends z.ZodMiniType>(schema: S, what: string): Parse<z.output<S>> {
  return (json) => {
    const result = z.safeParse(schema, json);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new MarketplaceError(`The marketplace API returned a malformed ${what}${where}.`, null);
  };
}

const parseProduct = parserOf(mpProductSchema, 'product');
const parseVariant = parserOf(mpVariantSchema, 'variant');
const parseVariants = parserOf(z.array(mpVariantSchema), 'variant list');
const parseMarketData = parserOf(mpMarketDataSchema, 'market data');
const parseMarketDataList = parserOf(z.array(mpMarketDataSchema), 'market data list');
const parseEnvelope = parserOf(mpSearchEnvelopeSchema, 'search page');
const parseToken = parserOf(tokenResponseSchema, 'token answer');

function parseSearchPage(json: unknown): MpSearchPage {
  const envelope = parseEnvelope(json);
  const products: MpProduct[] = [];
  let rejected = 0;
  for (const item of envelope.products) {
    const product = z.safeParse(mpProductSchema, item);
    if (product.success) products.push(product.data);
    else rejected++;
  }
  return {
    count: envelope.count,
    pageSize: envelope.pageSize,
    pageNumber: envelope.pageNumber,
    hasNextPage: envelope.hasNextPage,
    products,
    rejected,
  };
}

/** The upstream's own message (`errorMessage` in StockX's answers), if it sent one. */
function upstreamMessage(body: string): string | undefined {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json !== 'object' || json === null) return undefined;
    for (const key of ['errorMessage', 'message', 'error_description', 'error']) {
      const value: unknown = Reflect.get(json, key);
      if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, MESSAGE_MAX);
    }
  } catch {
    // Not JSON: an HTML error page says nothing the caller can use.
  }
  return undefined;
}

function failureMessage(status: number, body: string): string {
  if (status === 429) return 'The marketplace API is rate limiting requests. Try again shortly.';
  if (status >= 500) return `The marketplace API failed (HTTP ${status}).`;
  return upstreamMessage(body) ?? `The marketplace API refused the request (HTTP ${status}).`;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

const isRetryable = (status: number) => status === 429 || status >= 500;

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * The marketplace API over HTTP: an OAuth client-credentials token (cached until shortly
 * before it expires, fetched once for concurrent callers), `x-api-key` and the bearer
 * token on every call, a timeout per request, up to `attempts` tries on 429 (after its
 * Retry-After), 5xx, timeouts and network errors with exponential backoff and jitter, one
 * token refresh on a 401, every answer validated, and the cache times of
 * docs/product/catalogue.md#marketplace-cache.
 */
export function createHttpMarketplaceClient(options: HttpMarketplaceOptions): MarketplaceClient {
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const attempts = Math.max(1, options.attempts ?? DEFAULTS.attempts);
  const baseDelayMs = options.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const audience = options.audience ?? DEFAULTS.audience;
  const defaultCurrency = options.defaultCurrency ?? DEFAULTS.defaultCurrency;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const apiUrl = options.apiUrl?.replace(/\/+$/, '');
  const authUrl = options.authUrl ?? (apiUrl ? `${apiUrl}/oauth/token` : undefined);

  const cacheOptions = { clock };
  const products = new TtlCache<MpProduct>({ ...cacheOptions, defaultTtlMs: MARKETPLACE_CACHE.productTtlMs });
  const variantLists = new TtlCache<MpVariant[]>({
    ...cacheOptions,
    defaultTtlMs: MARKETPLACE_CACHE.variantsTtlMs,
  });
  const variants = new TtlCache<MpVariant>({
    ...cacheOptions,
    defaultTtlMs: MARKETPLACE_CACHE.variantsTtlMs,
  });
  const searches = new TtlCache<MpSearchPage>(cacheOptions);
  const marketLists = new TtlCache<MpMarketData[]>(cacheOptions);
  const markets = new TtlCache<MpMarketData>(cacheOptions);

  let token: Token | undefined;
  let tokenPending: Promise<Token> | undefined;

  const backoff = (attempt: number) =>
    Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1) + random() * baseDelayMs * 2 ** (attempt - 1));

  /**
   * One HTTP exchange with retries. Answers the final response's status and body;
   * throws a MarketplaceError when no answer came after every try.
   */
  async function send(
    url: string,
    init: () => Promise<RequestInit>,
    observer?: CallObserver,
  ): Promise<{ status: number; body: string }> {
    for (let attempt = 1; ; attempt++) {
      let status: number;
      let body: string;
      let retryAfter: number | undefined;
      try {
        const request = await init();
        await observer?.beforeRequest?.();
        const response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
        status = response.status;
        retryAfter = retryAfterMs(response.headers.get('retry-after'), clock.now().getTime());
        body = await response.text();
        observer?.afterResponse?.(status);
      } catch (error) {
        if (error instanceof MarketplaceError) throw error;
        observer?.afterResponse?.(null);
        if (attempt < attempts) {
          await sleep(backoff(attempt));
          continue;
        }
        throw new MarketplaceError(
          isTimeout(error)
            ? 'The marketplace API did not answer in time.'
            : 'The marketplace API could not be reached.',
          null,
        );
      }
      if (isRetryable(status) && attempt < attempts) {
        await sleep(retryAfter === undefined ? backoff(attempt) : Math.min(maxDelayMs, retryAfter));
        continue;
      }
      return { status, body };
    }
  }

  function parseJson(body: string): unknown {
    try {
      return JSON.parse(body);
    } catch {
      throw new MarketplaceError('The marketplace API returned a response that is not valid JSON.', null);
    }
  }

  async function fetchToken(): Promise<Token> {
    if (!authUrl) throw new MarketplaceError('The marketplace API is not configured.', null);
    const { status, body } = await send(authUrl, async () => {
      const { clientId, clientSecret } = await options.credentials();
      return {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
          audience,
        }).toString(),
      };
    });
    if (status === 400 || status === 401 || status === 403)
      throw new MarketplaceError('The marketplace API refused our client credentials.', status);
    if (status < 200 || status >= 300) throw new MarketplaceError(failureMessage(status, body), status);
    const answer = parseToken(parseJson(body));
    const ttl = answer.expires_in ? answer.expires_in * 1000 : TOKEN_DEFAULT_TTL_MS;
    const margin = Math.min(TOKEN_EXPIRY_MARGIN_MS, ttl / 10);
    return { value: answer.access_token, refreshAt: clock.now().getTime() + ttl - margin };
  }

  async function accessToken(): Promise<string> {
    if (token && clock.now().getTime() < token.refreshAt) return token.value;
    tokenPending ??= fetchToken().finally(() => {
      tokenPending = undefined;
    });
    token = await tokenPending;
    return token.value;
  }

  async function getJson(
    path: string,
    query: Record<string, string> = {},
    observer?: CallObserver,
  ): Promise<unknown> {
    if (!apiUrl) throw new MarketplaceError('The marketplace API is not configured.', null);
    const search = new URLSearchParams(query).toString();
    const url = `${apiUrl}${path}${search ? `?${search}` : ''}`;
    let refreshed = false;
    for (;;) {
      const { status, body } = await send(
        url,
        async () => {
          const [{ apiKey }, bearer] = await Promise.all([options.credentials(), accessToken()]);
          return {
            headers: { 'x-api-key': apiKey, authorization: `Bearer ${bearer}`, accept: 'application/json' },
          };
        },
        observer,
      );
      if (status === 401 && !refreshed) {
        // The token may have been revoked or rotated before its stated expiry: get a new one, once.
        refreshed = true;
        token = undefined;
        continue;
      }
      if (status < 200 || status >= 300) throw new MarketplaceError(failureMessage(status, body), status);
      return parseJson(body);
    }
  }

  const id = (value: string) => encodeURIComponent(value);
  const productPath = (productId: string) => `/v2/catalog/products/${id(productId)}`;
  const clampSize = (size: number | undefined) =>
    Math.min(MARKETPLACE_LIMIT_MAX, Math.max(1, Math.trunc(size ?? MARKETPLACE_LIMIT_DEFAULT)));

  return {
    async searchCatalog(query, opts = {}) {
      const pageNumber = Math.max(1, Math.trunc(opts.pageNumber ?? 1));
      const pageSize = clampSize(opts.pageSize);
      const key = JSON.stringify([query, pageNumber, pageSize]);
      const page = await searches.getOrLoad(key, MARKETPLACE_CACHE.defaultTtlMs, async () =>
        parseSearchPage(
          await getJson('/v2/catalog/search', {
            query,
            pageNumber: String(pageNumber),
            pageSize: String(pageSize),
          }),
        ),
      );
      return page;
    },
    async getProduct(productId, opts = {}) {
      if (opts.fresh) products.delete(productId);
      return products.getOrLoad(productId, MARKETPLACE_CACHE.productTtlMs, async () =>
        parseProduct(await getJson(productPath(productId))),
      );
    },
    async getProductVariants(productId, opts = {}) {
      if (opts.fresh) variantLists.delete(productId);
      const list = await variantLists.getOrLoad(productId, MARKETPLACE_CACHE.variantsTtlMs, async () =>
        parseVariants(await getJson(`${productPath(productId)}/variants`)),
      );
      variants.warm(
        list.map((v) => [JSON.stringify([productId, v.variantId]), v]),
        MARKETPLACE_CACHE.variantsTtlMs,
      );
      return list;
    },
    getProductVariant: (productId, variantId) =>
      variants.getOrLoad(JSON.stringify([productId, variantId]), MARKETPLACE_CACHE.variantsTtlMs, async () =>
        parseVariant(await getJson(`${productPath(productId)}/variants/${id(variantId)}`)),
      ),
    getMarketDataProduct: (productId, currency = defaultCurrency, observer) =>
      marketLists.getOrLoad(JSON.stringify([productId, currency]), MARKETPLACE_CACHE.defaultTtlMs, async () =>
        parseMarketDataList(
          await getJson(`${productPath(productId)}/market-data`, { currencyCode: currency }, observer),
        ),
      ),
    getMarketDataVariant: (productId, variantId, currency = defaultCurrency) =>
      markets.getOrLoad(
        JSON.stringify([productId, variantId, currency]),
        MARKETPLACE_CACHE.defaultTtlMs,
        async () =>
          parseMarketData(
            await getJson(`${productPath(productId)}/variants/${id(variantId)}/market-data`, {
              currencyCode: currency,
            }),
          ),
      ),
  };
}

/** The container's client: the environment's URLs, credentials from Secrets Manager. */
export function createMarketplaceClient(
  env: Pick<
    RuntimeEnv,
    | 'MARKETPLACE_API_URL'
    | 'MARKETPLACE_AUTH_URL'
    | 'MARKETPLACE_SECRET_ID'
    | 'SECRETS_ENDPOINT'
    | 'AWS_REGION'
  >,
): MarketplaceClient {
  return createHttpMarketplaceClient({
    apiUrl: env.MARKETPLACE_API_URL,
    authUrl: env.MARKETPLACE_AUTH_URL,
    credentials: secretsManagerCredentials(env),
  });
}
