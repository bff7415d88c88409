import type { MiddlewareObj } from '@middy/core';
import { IMPERSONATION_HEADER } from '../contracts/admin-values';
import type { HttpEvent, HttpResult } from './http-pipeline';

/**
 * Request headers a browser may send cross-origin: the same list in these answers and in
 * the HTTP API's preflight configuration (infra api-stack), so they cannot drift.
 */
export const CORS_ALLOW_HEADERS = [
  'authorization',
  'content-type',
  'idempotency-key',
  'x-api-key',
  IMPERSONATION_HEADER,
] as const;

function isHttpExchange(request: {
  event: unknown;
  response: unknown;
}): request is { event: HttpEvent; response: HttpResult } {
  const event = request.event as Partial<HttpEvent> | null;
  return (
    typeof event?.requestContext?.http === 'object' &&
    typeof request.response === 'object' &&
    request.response !== null
  );
}

/**
 * Adds CORS headers to every HTTP answer, errors included. In AWS the SPA and the API
 * share the CloudFront origin, so this only matters for integrators and local tools.
 */
export function cors<E, R>(allowedOrigins: () => string): MiddlewareObj<E, R> {
  const apply = (request: { event: E; response: R | null }) => {
    // Only HTTP API answers carry headers; trigger, event and socket results pass untouched.
    if (!isHttpExchange(request)) return;
    const origin = request.event.headers?.origin;
    const allowed = allowedOrigins();
    const list = allowed.split(',').map((s) => s.trim());
    const allowOrigin = list.includes('*') ? '*' : origin && list.includes(origin) ? origin : undefined;
    if (!allowOrigin) return;
    request.response.headers = {
      ...request.response.headers,
      'access-control-allow-origin': allowOrigin,
      'access-control-allow-headers': CORS_ALLOW_HEADERS.join(','),
      'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
      ...(allowOrigin === '*' ? {} : { vary: 'origin' }),
    };
  };
  return { after: apply, onError: apply };
}
