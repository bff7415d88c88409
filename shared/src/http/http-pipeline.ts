import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { actorFromClaims } from '../actor';
import {
  AppError,
  BadRequestError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  UnauthenticatedError,
  ValidationError,
  type ErrorBody,
} from '../errors';
import type { Powertools } from '../runtime/powertools';
import type { RawRequest, Route } from '../runtime/service';
import { compileRoutes, matchRoute } from './router';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

function lowerHeaders(headers: HttpEvent['headers'] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

function parseBody(event: HttpEvent, route: Route): unknown {
  if (route.contract.method === 'GET' || route.contract.method === 'DELETE') return {};
  const raw = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '';
  if (Buffer.byteLength(raw) > route.contract.maxBodyBytes) throw new PayloadTooLargeError();
  if (!raw) return {};
  // Browsers send text/plain and form bodies cross-site without a CORS preflight: a body
  // declared as anything but JSON is refused, so no page elsewhere can post to the API.
  const type = lowerHeaders(event.headers)['content-type'];
  if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) throw new UnsupportedMediaTypeError();
  try {
    return JSON.parse(raw);
  } catch {
    throw new ValidationError('The request body is not valid JSON.');
  }
}

/** A path parameter that does not percent-decode: the caller's address is wrong, not our code. */
const badPathError = () =>
  new BadRequestError('BAD_PATH', 'The address contains an invalid escape sequence.');

/**
 * Turns API Gateway v2 events into route calls: match, authenticate from the verified
 * claims, validate params/query/body with the contract's zod schemas, run the use case,
 * and map errors through the one error model (DESIGN 3.3).
 */
export function createHttpPipeline(routes: Route[], pt: Powertools) {
  const compiled = compileRoutes(routes);

  return async function handleHttp(event: HttpEvent): Promise<HttpResult> {
    const requestId = event.requestContext?.requestId ?? 'unknown';
    try {
      const method = event.requestContext.http.method;
      const path = event.rawPath;
      const match = matchRoute(compiled, method, path);
      if (match.kind === 'not-found') throw new NotFoundError('No such route.', 'ROUTE_NOT_FOUND');
      if (match.kind === 'bad-path') throw badPathError();
      if (match.kind === 'method-not-allowed') {
        return json(
          405,
          {
            error: { code: 'METHOD_NOT_ALLOWED', message: `Use ${match.allowed.join(', ')}.` },
          } satisfies ErrorBody,
          {
            allow: match.allowed.join(', '),
          },
        );
      }
      const { route } = match;
      const actor = actorFromClaims(event.requestContext.authorizer?.jwt?.claims);
      if (route.contract.auth === 'user' && actor.kind !== 'user') throw new UnauthenticatedError();
      pt.logger.appendKeys({ route: route.contract.id });
      pt.metrics.addMetric('HttpRequests', 'Count', 1);

      let status = route.status;
      const request: RawRequest = {
        actor,
        params: match.params,
        query: event.queryStringParameters ?? {},
        body: parseBody(event, route),
        headers: lowerHeaders(event.headers),
        requestId,
        sourceIp: event.requestContext.http.sourceIp,
        setStatus: (s) => {
          status = s;
        },
      };
      // Awaited first: `status` must be read after the handler had its chance to setStatus.
      const result = await route.handle(request);
      return json(status, result);
    } catch (error) {
      return errorResult(error, requestId, pt);
    }
  };
}

export function errorResult(error: unknown, correlationId: string, pt: Powertools): HttpResult {
  if (error instanceof AppError) {
    if (error.status >= 500) pt.logger.error('Request failed', { error, correlationId });
    else pt.logger.info('Request rejected', { code: error.code, status: error.status });
    const body: ErrorBody = {
      error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    };
    return json(error.status, body);
  }
  pt.logger.error('Unhandled error', { error: error as Error, correlationId });
  pt.metrics.addMetric('UnhandledErrors', 'Count', 1);
  const body: ErrorBody = {
    error: {
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
      correlationId,
    },
  };
  return json(500, body);
}
