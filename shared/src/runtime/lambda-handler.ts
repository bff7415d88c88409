import middy, { type MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Metrics } from '@aws-lambda-powertools/metrics';
import type { Context, DynamoDBStreamEvent, EventBridgeEvent } from 'aws-lambda';
import { systemClock, type Clock } from '../clock';
import { createFeatureAccessLoader, FEATURE_CACHE_TTL_MS } from '../feature-access/loader';
import { createRouteFeatureCheck } from '../feature-access/route-features';
import { createRouteSubscriptionCheck } from '../feature-access/route-subscription';
import { cors } from '../http/cors';
import {
  createHttpPipeline,
  type AccessControl,
  type HttpEvent,
  type HttpResult,
} from '../http/http-pipeline';
import { ulidGenerator, type IdGenerator } from '../ids';
import { createAuditLog } from '../impersonation/audit-writes';
import { createImpersonationGrants } from '../impersonation/impersonation';
import { createKeyUsageLimiter } from '../rate-limit/key-usage';
import { createDocumentClient, type DocumentClient } from '../table/client';
import { runtimeEnv, type RuntimeEnv } from './config';
import { powertoolsFor, tracerFor, tracingEnabled, type Powertools } from './powertools';
import { lazy, type FunctionDefinition, type PreSignUpEvent } from './function';

interface WebSocketEvent {
  requestContext: { connectionId: string; routeKey: string; eventType: 'CONNECT' | 'DISCONNECT' | 'MESSAGE' };
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string | null;
}

/** Scheduled rules send this detail-type with `{ schedule: id }` as their fixed input. */
export const SCHEDULE_DETAIL_TYPE = 'Sneakers.Schedule';

type AnyEvent =
  HttpEvent | EventBridgeEvent<string, unknown> | DynamoDBStreamEvent | WebSocketEvent | PreSignUpEvent;

function isHttp(e: AnyEvent): e is HttpEvent {
  return 'requestContext' in e && typeof (e.requestContext as { http?: unknown }).http === 'object';
}
function isWebSocket(e: AnyEvent): e is WebSocketEvent {
  return (
    'requestContext' in e && typeof (e.requestContext as { connectionId?: unknown }).connectionId === 'string'
  );
}
function isEventBridge(e: AnyEvent): e is EventBridgeEvent<string, unknown> {
  return 'detail-type' in e;
}
function isCognitoTrigger(e: AnyEvent): e is PreSignUpEvent {
  return 'triggerSource' in e && typeof e.triggerSource === 'string';
}
function isStream(e: AnyEvent): e is DynamoDBStreamEvent {
  return 'Records' in e && Array.isArray(e.Records);
}

/**
 * The access control of one container (docs/adr/0010): the feature cache that makes a warm
 * function's checks free, impersonation grants and the audit Put. Every service with HTTP
 * routes has read-write table access (the audit Put of impersonated writes needs it).
 */
export function createAccessControl(
  client: DocumentClient,
  table: string,
  options: { clock?: Clock; ids?: IdGenerator; ttlMs?: number } = {},
): AccessControl {
  const clock = options.clock ?? systemClock;
  const loader = createFeatureAccessLoader(client, table, clock, options.ttlMs ?? FEATURE_CACHE_TTL_MS);
  return {
    requireFeatures: createRouteFeatureCheck(loader, clock),
    requireSubscription: createRouteSubscriptionCheck(loader, clock),
    impersonations: createImpersonationGrants(client, table),
    audit: createAuditLog(client, table, options.ids ?? ulidGenerator, clock),
    clock,
    apiKeyUsage: createKeyUsageLimiter(client, table),
  };
}

function accessControlFromEnv(env: RuntimeEnv): AccessControl {
  return createAccessControl(createDocumentClient(env), env.TABLE_NAME, { ttlMs: env.FEATURE_CACHE_TTL_MS });
}

/**
 * The Lambda entry of a function, built once per cold start: one middy stack with the
 * function's Powertools logger, metrics and tracer, dispatching on the event's shape to the
 * HTTP routes, EventBridge consumers, WebSocket handlers or the stream handler.
 */
export function createLambdaHandler(service: FunctionDefinition) {
  let built: Promise<ReturnType<typeof buildLambdaHandler>> | undefined;
  // Built on the first invocation (a cold start's first call), not when the module loads:
  // CDK, the registry and the local cloud import every function file, and the Powertools set
  // must read POWERTOOLS_* from the environment the function really runs with.
  return async (event: AnyEvent, context: Context) => {
    built ??= withTracing(service.name, buildLambdaHandler(service, powertoolsFor(service.name)));
    return (await built)(event, context);
  };
}

/**
 * Powertools' logMetrics, except that an invocation that added no metric publishes nothing
 * and says nothing: logMetrics warns "No application metrics to publish" on every such call
 * (a 404, a preflight, a consumer with nothing to do), a line per request in the local cloud.
 */
export function publishMetrics(metrics: Metrics): MiddlewareObj<AnyEvent, unknown, Error, Context> {
  const flush = () => {
    if (metrics.hasStoredMetrics()) {
      metrics.publishStoredMetrics();
      return;
    }
    metrics.clearMetrics();
    metrics.clearDimensions();
    metrics.clearMetadata();
  };
  return {
    before: (request) => {
      metrics.captureColdStartMetric(request.context.functionName);
    },
    after: flush,
    onError: flush,
  };
}

/** The handler wrapped by the X-Ray tracer where tracing is switched on (docs/adr/0018). */
async function withTracing(name: string, handler: ReturnType<typeof buildLambdaHandler>) {
  if (!tracingEnabled()) return handler;
  const [tracer, { captureLambdaHandler }] = await Promise.all([
    tracerFor(name),
    import('@aws-lambda-powertools/tracer/middleware'),
  ]);
  return handler.use(captureLambdaHandler(tracer));
}

function buildLambdaHandler(service: FunctionDefinition, pt: Powertools) {
  const http = createHttpPipeline(
    service.routes,
    pt,
    lazy(() => accessControlFromEnv(runtimeEnv())),
  );
  const consumers = new Map<string, FunctionDefinition['consumers']>();
  for (const c of service.consumers) {
    for (const t of c.detailTypes) consumers.set(t, [...(consumers.get(t) ?? []), c]);
  }

  async function dispatch(event: AnyEvent): Promise<unknown> {
    if (isHttp(event)) return http(event);
    if (isWebSocket(event)) return handleWebSocket(event);
    if (isEventBridge(event)) return handleEvent(event);
    if (isStream(event)) return handleStream(event);
    if (isCognitoTrigger(event)) return handleCognitoTrigger(event);
    pt.logger.error('Unknown event shape', { event: JSON.stringify(event).slice(0, 500) });
    throw new Error('Unknown event shape');
  }

  async function handleEvent(event: EventBridgeEvent<string, unknown>): Promise<void> {
    if (event['detail-type'] === SCHEDULE_DETAIL_TYPE) {
      const id = (event.detail as { schedule?: string } | null)?.schedule;
      const schedule = service.schedules?.find((s) => s.id === id);
      if (!schedule) throw new Error(`Unknown schedule ${String(id)}`);
      pt.metrics.addMetric('ScheduledRuns', 'Count', 1);
      return schedule.handle();
    }
    const targets = consumers.get(event['detail-type']) ?? [];
    if (targets.length === 0) pt.logger.warn('No consumer for event', { detailType: event['detail-type'] });
    // A failure rethrows so EventBridge retries and, in the end, parks the event in the DLQ.
    for (const consumer of targets) {
      pt.logger.appendKeys({ consumer: consumer.id, eventId: event.id });
      await consumer.handle({
        id: event.id,
        detailType: event['detail-type'],
        source: event.source,
        time: event.time,
        detail: event.detail,
      });
      pt.metrics.addMetric('EventsConsumed', 'Count', 1);
    }
  }

  async function handleWebSocket(event: WebSocketEvent) {
    const ws = service.websocket;
    if (!ws) throw new Error(`${service.name} has no WebSocket handlers`);
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v !== undefined) query[k] = v;
    pt.metrics.addMetric('WebSocketEvents', 'Count', 1);
    const ctx = {
      connectionId: event.requestContext.connectionId,
      routeKey: event.requestContext.routeKey,
      queryString: query,
      body: event.body ?? undefined,
    };
    switch (event.requestContext.eventType) {
      case 'CONNECT':
        return ws.connect(ctx);
      case 'DISCONNECT':
        await ws.disconnect(ctx);
        return { statusCode: 200 };
      default:
        return ws.message(ctx);
    }
  }

  async function handleCognitoTrigger(event: PreSignUpEvent): Promise<PreSignUpEvent> {
    const preSignUp = service.cognitoTriggers?.preSignUp;
    if (!event.triggerSource.startsWith('PreSignUp_') || !preSignUp) {
      throw new Error(`${service.name} does not handle the ${event.triggerSource} trigger`);
    }
    pt.metrics.addMetric('CognitoTriggers', 'Count', 1);
    return { ...event, response: { ...event.response, ...(await preSignUp(event)) } };
  }

  async function handleStream(event: DynamoDBStreamEvent) {
    const stream = service.stream;
    if (!stream) throw new Error(`${service.name} has no stream handler`);
    const { handleStreamBatch } = await import('./stream-batch');
    return handleStreamBatch(stream, event, pt);
  }

  return middy<AnyEvent, unknown, Error, Context>()
    .use(injectLambdaContext(pt.logger, { resetKeys: true }))
    .use(publishMetrics(pt.metrics))
    .use(cors<AnyEvent, unknown>(() => runtimeEnv().ALLOWED_ORIGINS))
    .handler(dispatch);
}

export type { HttpEvent, HttpResult };
