import type { MiddlewareObj } from '@middy/core';
import type { HttpEvent, HttpResult } from './http-pipeline';

/**
 * Adds CORS headers to every HTTP answer, errors included. In AWS the SPA and the API
 * share the CloudFront origin, so this only matters for integrators and local tools.
 */
export function cors(allowedOrigins: () => string): MiddlewareObj<HttpEvent, HttpResult> {
  const apply = (request: { event: HttpEvent; response: HttpResult | null }) => {
    if (!request.response) return;
    const origin = request.event.headers?.origin;
    const allowed = allowedOrigins();
    const list = allowed.split(',').map((s) => s.trim());
    const allowOrigin = list.includes('*') ? '*' : origin && list.includes(origin) ? origin : undefined;
    if (!allowOrigin) return;
    request.response.headers = {
      ...request.response.headers,
      'access-control-allow-origin': allowOrigin,
      'access-control-allow-headers': 'authorization,content-type,idempotency-key,x-api-key',
      'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
      ...(allowOrigin === '*' ? {} : { vary: 'origin' }),
    };
  };
  return { after: apply, onError: apply };
}
