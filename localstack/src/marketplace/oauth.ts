import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendError, sendJson } from './http';

/**
 * The API's manners: OAuth client credentials issue bearer tokens, and every `/v2` call needs
 * the API key, a live token and a place in the key's token bucket (else 429 with Retry-After).
 */

export interface MarketplaceCredentials {
  apiKey: string;
  clientId: string;
  clientSecret: string;
}

const TOKEN_TTL_S = 3600;

export function createOAuth(options: {
  credentials: MarketplaceCredentials;
  /** Requests per second per API key, and the bucket's size. */
  rateLimit: { perSecond: number; burst: number };
}) {
  const tokens = new Map<string, number>();
  const rate = options.rateLimit;
  const buckets = new Map<string, { tokens: number; at: number }>();

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

  /** `POST /oauth/token`, form or JSON. */
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

  /** The caller's API key when it may call the API; else the refusal is answered and undefined returned. */
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

  return { token, authorize };
}
