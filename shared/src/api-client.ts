import type { FieldErrors, FieldIssueCodes } from './errors';
import {
  buildPath,
  type BodyOf,
  type Contract,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from './contracts/contract';

/** What the SPA sees when a call fails: the server's error model, or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly correlationId?: string,
    /** Each refused field's problems as codes (docs/product/errors.md#field-messages). */
    readonly issues?: FieldIssueCodes,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Returns the current access token, or undefined when signed out. */
  getToken?: () => Promise<string | undefined> | string | undefined;
  fetch?: typeof fetch;
}

export type CallInput<C extends Contract> = {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key, so a retried mutation is applied once. */
  idempotencyKey?: string;
};

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  return async function call<C extends Contract>(
    contract: C,
    input: CallInput<C> = {},
  ): Promise<ResponseOf<C>> {
    const url =
      options.baseUrl.replace(/\/$/, '') +
      buildPath(contract.path, input.params as Record<string, unknown> | undefined) +
      queryString(input.query as Record<string, unknown> | undefined);
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey;
    let body: string | undefined;
    if (input.body !== undefined && contract.method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    if (contract.auth === 'user' && !token)
      throw new ApiError(401, 'UNAUTHENTICATED', 'User not authenticated');

    let response: Response;
    try {
      response = await doFetch(url, { method: contract.method, headers, body, signal: input.signal });
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      throw new ApiError(
        0,
        'NETWORK_ERROR',
        'Could not reach the server. Check your connection and try again.',
      );
    }
    const text = await response.text();
    const json: unknown = text ? safeJson(text) : undefined;
    if (!response.ok) {
      const error = (
        json as {
          error?: {
            code?: string;
            message?: string;
            fields?: FieldErrors;
            correlationId?: string;
            issues?: FieldIssueCodes;
          };
        }
      )?.error;
      // API Gateway's own authorizer answers 401 without our error model.
      if (response.status === 401)
        throw new ApiError(401, 'UNAUTHENTICATED', error?.message ?? 'User not authenticated');
      throw new ApiError(
        response.status,
        error?.code ?? 'HTTP_ERROR',
        error?.message ?? `Request failed (${response.status})`,
        error?.fields,
        error?.correlationId,
        error?.issues,
      );
    }
    const parsed = contract.response.safeParse(json);
    if (!parsed.success) throw new ApiError(502, 'BAD_RESPONSE', 'The server sent an unexpected response.');
    return parsed.data as ResponseOf<C>;
  };
}

export type ApiCall = ReturnType<typeof createApiClient>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
