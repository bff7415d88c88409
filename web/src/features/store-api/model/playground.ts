/**
 * The API playground's requests (docs/product/store-api.md#api-playground): which `/v1` call each
 * endpoint makes, the examples a blank parameter falls back to, and the curl that repeats it.
 * Pure: the screen renders it, the tests check it.
 */

export const PLAYGROUND_ENDPOINTS = ['inventory', 'virtual-products', 'create-sale', 'get-pricing'] as const;
export type PlaygroundEndpoint = (typeof PLAYGROUND_ENDPOINTS)[number];

export const isPlaygroundEndpoint = (value: string): value is PlaygroundEndpoint =>
  (PLAYGROUND_ENDPOINTS as readonly string[]).includes(value);

/** The parameters each endpoint takes, in the order the form shows them. */
export const ENDPOINT_PARAMS = {
  inventory: [],
  'virtual-products': [],
  'create-sale': ['item_id', 'size', 'price', 'buyer_name', 'is_virtual'],
  'get-pricing': ['productId'],
} as const satisfies Record<PlaygroundEndpoint, readonly string[]>;
export type PlaygroundParam = (typeof ENDPOINT_PARAMS)[PlaygroundEndpoint][number];

/** What a blank parameter becomes: the product's examples (size 42, price 200, ...). */
export const PARAM_EXAMPLES = {
  item_id: 'example-item-id',
  size: '42',
  price: '200',
  buyer_name: 'API customer',
  is_virtual: 'false',
  productId: 'example-product-id',
} as const satisfies Record<PlaygroundParam, string>;

export type PlaygroundParams = Partial<Record<PlaygroundParam, string>>;

export interface PlaygroundRequest {
  method: 'GET' | 'POST';
  url: string;
  /** The JSON body, already serialised (create-sale only). */
  body?: string;
}

const valueOf = (params: PlaygroundParams, name: PlaygroundParam): string => {
  const text = params[name]?.trim() ?? '';
  return text === '' ? PARAM_EXAMPLES[name] : text;
};

/**
 * The price as a number; text that is no number is sent as typed, so the API's own validation
 * answers it (this is an HTTP tool: it shows what the server says).
 */
export function parsePrice(text: string): number | string {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}

/** The sale's JSON body: `is_virtual` is true only for the text 'true'. */
export function saleBody(params: PlaygroundParams) {
  return {
    item_id: valueOf(params, 'item_id'),
    size: valueOf(params, 'size'),
    price: parsePrice(valueOf(params, 'price')),
    buyer_name: valueOf(params, 'buyer_name'),
    is_virtual: params.is_virtual?.trim() === 'true',
  };
}

/** The deployment's API base without a trailing slash: the `/v1` routes live under it. */
export const apiBase = (apiBaseUrl: string) => apiBaseUrl.replace(/\/+$/, '');

export function buildRequest(
  endpoint: PlaygroundEndpoint,
  params: PlaygroundParams,
  apiBaseUrl: string,
): PlaygroundRequest {
  const base = `${apiBase(apiBaseUrl)}/v1`;
  switch (endpoint) {
    case 'inventory':
      return { method: 'GET', url: `${base}/inventory` };
    case 'virtual-products':
      return { method: 'GET', url: `${base}/virtual-products` };
    case 'create-sale':
      return { method: 'POST', url: `${base}/sales`, body: JSON.stringify(saleBody(params)) };
    case 'get-pricing':
      return { method: 'GET', url: `${base}/prices/${encodeURIComponent(valueOf(params, 'productId'))}` };
  }
}

/** The key as the curl shows it: in full only when pasted, else its first characters and a mask. */
export function shownKey(pasted: string, prefix: string | null): string {
  if (pasted.trim() !== '') return pasted.trim();
  return prefix ? `${prefix}${'•'.repeat(8)}` : 'YOUR_API_KEY';
}

/** Single-quotes a shell word. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The curl that makes the same call (POSTs carry their Idempotency-Key, so a rerun records one sale). */
export function curlOf(request: PlaygroundRequest, key: string, idempotencyKey?: string): string {
  const lines = [
    `curl -X ${request.method} ${shellQuote(request.url)}`,
    `-H ${shellQuote(`x-api-key: ${key}`)}`,
    `-H ${shellQuote('Content-Type: application/json')}`,
  ];
  if (request.method === 'POST' && idempotencyKey)
    lines.push(`-H ${shellQuote(`Idempotency-Key: ${idempotencyKey}`)}`);
  if (request.body !== undefined) lines.push(`-d ${shellQuote(request.body)}`);
  return lines.join(' \\\n  ');
}

/** What the response panel shows: the HTTP answer as it came, or the failure of the call itself. */
export type PlaygroundResult =
  | {
      kind: 'response';
      status: number;
      statusText: string;
      headers: Record<string, string>;
      body: unknown;
    }
  | { kind: 'failure'; error: string; details: string };

/** The body as JSON when it parses, else the text as it came. */
export function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The response panel's JSON (what Copy copies). */
export function resultJson(result: PlaygroundResult): string {
  return JSON.stringify(
    result.kind === 'response'
      ? { status: result.status, statusText: result.statusText, headers: result.headers, body: result.body }
      : { error: result.error, details: result.details },
    null,
    2,
  );
}
