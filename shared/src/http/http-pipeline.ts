import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  actorFromApiKey,
  actorFromClaims,
  requireSuperuser,
  requireWriter,
  type Actor,
  type ApiKeyContext,
  type UserActor,
} from '../actor';
import type { Clock } from '../clock';
import { IMPERSONATION_HEADER } from '../contracts/admin-values';
import { routeKind } from '../contracts/contract';
import {
  ApiKeyInvalidError,
  AppError,
  BadRequestError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnsupportedMediaTypeError,
  UnauthenticatedError,
  ValidationError,
  type ErrorBody,
} from '../errors';
import type { RouteFeatureCheck } from '../feature-access/route-features';
import type { RouteSubscriptionCheck } from '../feature-access/route-subscription';
import { AuditUnavailableError, impersonatedWrite, type AuditLog } from '../impersonation/audit-writes';
import { impersonate, type ImpersonationGrants } from '../impersonation/impersonation';
import type { KeyUsageLimiter } from '../rate-limit/key-usage';
import { rateLimitedMessage, rateLimitHeaders, retryAfterSeconds } from '../rules/store-api-limits';
import type { Powertools } from '../runtime/powertools';
import type { RawRequest, Route } from '../runtime/function';
import { compileRoutes, matchRoute } from './router';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

const DOCUMENT_TYPES = { html: 'text/html; charset=utf-8', xml: 'application/xml; charset=utf-8' } as const;

/**
 * A document for browsers and crawlers (a contract that `produces` html or xml): public, and
 * cached a minute by browsers and five by the CDN, so a storefront's changes show within minutes.
 */
export function documentResult(
  statusCode: number,
  kind: keyof typeof DOCUMENT_TYPES,
  body: string,
  headers: Record<string, string> = {},
): HttpResult {
  return {
    statusCode,
    headers: {
      'content-type': DOCUMENT_TYPES[kind],
      'cache-control': statusCode === 200 ? 'public, max-age=60, s-maxage=300' : 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
    body,
  };
}

function lowerHeaders(headers: HttpEvent['headers'] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

/** The body as the exact string it arrived as (API Gateway base64-encodes what it takes for binary). */
function rawBodyOf(event: HttpEvent, route: Route): string {
  const raw = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '';
  if (Buffer.byteLength(raw) > route.contract.maxBodyBytes) throw new PayloadTooLargeError();
  return raw;
}

function parseBody(event: HttpEvent, route: Route): unknown {
  // A raw-body route (a signed webhook) gets the string unparsed and whatever its declared
  // type: the signature covers these exact bytes, and the sender is no browser (the
  // signature, not the content type, is what keeps other pages out).
  if (route.contract.rawBody) return rawBodyOf(event, route);
  if (route.contract.method === 'GET' || route.contract.method === 'DELETE') return {};
  const raw = rawBodyOf(event, route);
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
 * Access control every service applies before a route runs (docs/adr/0010), built once per
 * container by the Lambda handler. Small ports so the pipeline's tests use fakes.
 */
export interface AccessControl {
  /** 403 FEATURE_NOT_AVAILABLE unless the actor has every feature the route needs. */
  requireFeatures: RouteFeatureCheck;
  /**
   * 402 SUBSCRIPTION_REQUIRED on a write by a read-only account (docs/adr/0021), from the
   * same cached read as the features.
   */
  requireSubscription: RouteSubscriptionCheck;
  /** Impersonation grants by token hash (read only while a header is sent). */
  impersonations: ImpersonationGrants;
  /** Where writes made while impersonating are recorded before they run. */
  audit: AuditLog;
  clock: Clock;
  /**
   * The per-key limits of `apiKey` routes (docs/adr/0023): one conditional UpdateItem per
   * call. Absent only in tests of the bare pipeline.
   */
  apiKeyUsage?: KeyUsageLimiter;
}

/**
 * Who a route runs as: a `user` route's verified Cognito claims, an `apiKey` route's key as
 * the authorizer resolved it (never a token instead), a `public` route's claims if any.
 */
function verifiedActor(event: HttpEvent, route: Route): Actor {
  if (route.contract.auth === 'apiKey') {
    const authorizer = event.requestContext.authorizer as { lambda?: ApiKeyContext } | undefined;
    const actor = actorFromApiKey(authorizer?.lambda);
    if (!actor) throw new ApiKeyInvalidError(authorizer?.lambda?.invalid);
    return actor;
  }
  const verified = actorFromClaims(event.requestContext.authorizer?.jwt?.claims);
  if (route.contract.auth === 'user' && verified.kind !== 'user') throw new UnauthenticatedError();
  return verified;
}

/** Takes one request from the key's limits: the `RateLimit-*` headers, or 429 RATE_LIMITED. */
async function takeKeyUsage(
  limiter: KeyUsageLimiter,
  apiKeyId: string,
  now: Date,
  headers: Record<string, string>,
): Promise<void> {
  const outcome = await limiter.take(apiKeyId, now);
  Object.assign(headers, rateLimitHeaders(outcome.usage, now));
  if (outcome.allowed) return;
  const retryAfter = retryAfterSeconds(outcome.reason, now);
  headers['retry-after'] = String(retryAfter);
  throw new RateLimitedError(rateLimitedMessage(outcome.reason, retryAfter));
}

/**
 * The actor a call runs as. `x-impersonation` is honoured only on signed-in routes and only
 * for a verified user (public routes have no verified caller to bind the grant to).
 */
async function effectiveActor(
  verified: Actor,
  route: Route,
  headers: Record<string, string>,
  access: AccessControl | undefined,
): Promise<Actor> {
  const token = headers[IMPERSONATION_HEADER];
  if (!access || token === undefined || route.contract.auth !== 'user' || verified.kind !== 'user')
    return verified;
  return impersonate(access.impersonations, verified, token, access.clock.now());
}

/** Records a write made while impersonating BEFORE it runs: if it cannot be recorded, it does not run. */
async function recordImpersonatedWrite(
  access: AccessControl,
  actor: UserActor,
  route: Route,
  request: { method: string; path: string; params: Record<string, string> },
  pt: Powertools,
) {
  try {
    await access.audit.record(actor, impersonatedWrite(route.contract.id, request));
  } catch (error) {
    pt.logger.error('Impersonated write not recorded; refused', { error: error as Error });
    throw new AuditUnavailableError();
  }
}

/**
 * Turns API Gateway v2 events into route calls: match, authenticate from the verified
 * claims, apply impersonation, superuser-only routes, the subscription status of writes
 * (docs/adr/0021) and feature access (docs/adr/0010),
 * validate params/query/body with the contract's zod schemas, record an impersonated write,
 * run the use case, and map errors through the one error model (docs/architecture.md#33-one-error-model). `access` is
 * omitted only by tests of the bare pipeline; every Lambda gets it from createLambdaHandler
 * (lazily: module load stays free of I/O and env reads).
 */
export function createHttpPipeline(routes: Route[], pt: Powertools, access?: () => AccessControl) {
  const compiled = compileRoutes(routes);

  return async function handleHttp(event: HttpEvent): Promise<HttpResult> {
    const requestId = event.requestContext?.requestId ?? 'unknown';
    // The key's limits, on every answer of an API-key call once its key is known (errors too).
    const limitHeaders: Record<string, string> = {};
    let counting: Promise<void> | null = null;
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
      const verified = verifiedActor(event, route);
      pt.logger.appendKeys({ route: route.contract.id });
      pt.metrics.addMetric('HttpRequests', 'Count', 1);

      const headers = lowerHeaders(event.headers);
      const control = access?.();
      const actor = await effectiveActor(verified, route, headers, control);
      if (control?.apiKeyUsage && actor.kind === 'user' && actor.apiKeyId) {
        const taking = takeKeyUsage(control.apiKeyUsage, actor.apiKeyId, control.clock.now(), limitHeaders);
        // A change is counted before it runs. A read changes nothing, so its count is taken
        // beside it and the answer waits for both (a refused count still answers 429): the key's
        // one write costs a read no time of its own (docs/adr/0023).
        if (routeKind(route.contract) === 'change') await taking;
        else {
          counting = taking;
          taking.catch(() => undefined);
        }
      }
      // Before validation: a non-superuser learns nothing about the route's input. The demo
      // user's writes are refused as writes (DEMO_MODE) first, like everywhere else.
      if (route.contract.superuserOnly) {
        if (method !== 'GET') requireWriter(actor);
        requireSuperuser(actor);
      }
      // Before validation too, and before the features: a lapsed account's write is answered
      // "choose a plan" (which it can act on) whatever the route or its input.
      if (control && actor.kind === 'user') {
        await control.requireSubscription(route.contract, actor);
        await control.requireFeatures(route.contract, actor);
      }
      const body = parseBody(event, route);
      // Only changes are audited (the contract's kind): reads and the app's plumbing, such as
      // the WebSocket ticket every screen asks for, are not something the superuser did as them.
      if (control && actor.kind === 'user' && actor.impersonator && routeKind(route.contract) === 'change') {
        pt.logger.appendKeys({ impersonatorId: actor.impersonator.userId });
        await recordImpersonatedWrite(control, actor, route, { method, path, params: match.params }, pt);
      }

      let status = route.status;
      const request: RawRequest = {
        actor,
        params: match.params,
        query: event.queryStringParameters ?? {},
        body,
        ...(route.contract.rawBody && typeof body === 'string' ? { rawBody: body } : {}),
        headers,
        requestId,
        sourceIp: event.requestContext.http.sourceIp,
        setStatus: (s) => {
          status = s;
        },
      };
      // Awaited first: `status` must be read after the handler had its chance to setStatus.
      const handled = route.handle(request);
      // Awaited below; a failure while the count is awaited must not count as unhandled.
      handled.catch(() => undefined);
      if (counting) await counting;
      const result = await handled;
      const produces = route.contract.produces;
      if ((produces === 'html' || produces === 'xml') && typeof result === 'string')
        return documentResult(status, produces, result, limitHeaders);
      return json(status, result, limitHeaders);
    } catch (error) {
      // A read's count settles before its answer: a refusal wins, and the headers are complete.
      const refusal = counting
        ? await counting.then(
            () => null,
            (e: unknown) => e,
          )
        : null;
      const answer = errorResult(refusal ?? error, requestId, pt);
      return { ...answer, headers: { ...answer.headers, ...limitHeaders } };
    }
  };
}

export function errorResult(error: unknown, correlationId: string, pt: Powertools): HttpResult {
  if (error instanceof AppError) {
    if (error.status >= 500) pt.logger.error('Request failed', { error, correlationId });
    else pt.logger.info('Request rejected', { code: error.code, status: error.status });
    const body: ErrorBody = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.issues ? { issues: error.issues } : {}),
      },
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
