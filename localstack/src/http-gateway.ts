import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { compileRoutes, matchRoute, type CompiledRoute } from '@sneakers/shared/http/router';
import type { Health } from '@sneakers/shared/contracts/health';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import type { LoadedService } from './lambda';
import { isStoreDocumentPath } from '@sneakers/shared/web/html-entry';

/**
 * The local HTTP API: turns requests into API Gateway v2 events and calls the same
 * Lambda handlers, verifying Cognito JWTs for `user` routes as the JWT authorizer would.
 * Also serves `/config.json`, `/api/health`, the user pool endpoint (`/cognito`) and the SPA.
 */
const MAX_BODY_BYTES = 10 * 1024 * 1024; // API Gateway's payload limit

export interface GatewayOptions {
  services: Iterable<LoadedService>;
  verifyToken: (token: string) => Promise<JwtPayload | undefined>;
  runtimeConfig: () => RuntimeConfig;
  health: () => Promise<Health>;
  /** The event pipeline's idle signal (LocalCloud.idle), at `/api/health/idle?timeoutMs=`. */
  idle?: (timeoutMs?: number) => Promise<boolean>;
  /** The user pool endpoint on the app origin (`/cognito`), forwarding to cognito-local. */
  cognitoProxy?: (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<void>;
  /** Serves everything that is not the API (Vite middleware or the built SPA). */
  web?: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * The API-key authorizer of `auth: 'apiKey'` routes (the function the registry marks
   * `apiKeyAuthorizer`), called before each such route, as API Gateway does on a cache miss:
   * no result cache here, so a revocation bites at once locally.
   */
  authorizeApiKey?: (event: unknown) => Promise<unknown>;
  /** Where the gateway reports a failure it answered 500 for. */
  log?: (line: string) => void;
  /**
   * Local only, never deployed: `POST /api/local/schedules/{function}/{scheduleId}` runs a
   * function's schedule now (the tests and the Playwright journeys run the account deletion
   * sweep without waiting for its hour).
   */
  runSchedule?: (functionName: string, scheduleId: string) => Promise<void>;
  /**
   * Local only, never deployed: `POST /api/local/faults/{function}/isolate` runs the
   * function's next invocation in a process of its own, `POST .../kill` kills its running
   * ones (localstack/src/faults.ts: an integration test crashes the import worker midway).
   */
  faults?: { isolateNext(functionName: string): void; kill(functionName: string): number };
  /** The names of the functions, for the fault routes' 404. */
  functionNames?: ReadonlySet<string>;
}

/** API Gateway passes JWT claims to Lambda as strings, arrays as "[a b]". */
function claimsAsApiGateway(payload: JwtPayload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The request body as API Gateway hands it to a Lambda: text as is, anything that is not
 * valid UTF-8 base64-encoded, so the function sees the exact bytes that arrived (a signed
 * webhook's signature covers them; `toString('utf8')` would replace a stray byte).
 */
export function eventBody(body: Buffer): { body: string | undefined; isBase64Encoded: boolean } {
  if (!body.length) return { body: undefined, isBase64Encoded: false };
  try {
    return { body: strictUtf8.decode(body), isBase64Encoded: false };
  } catch {
    return { body: body.toString('base64'), isBase64Encoded: true };
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

const INTERNAL = {
  error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
};

/** The REQUEST authorizer event (payload 2.0) for the headers API Gateway would send. */
async function authorizeApiKey(
  authorize: (event: unknown) => Promise<unknown>,
  req: IncomingMessage,
  method: string,
  url: URL,
): Promise<{ isAuthorized: boolean; context: Record<string, unknown> } | null> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  const key = headers['x-api-key'];
  const result = (await authorize({
    version: '2.0',
    type: 'REQUEST',
    routeArn: `arn:aws:execute-api:eu-west-1:000000000000:local/$default/${method}${url.pathname}`,
    identitySource: key ? [key] : [],
    rawPath: url.pathname,
    headers,
    requestContext: { http: { method, path: url.pathname } },
  })) as { isAuthorized?: unknown; context?: unknown } | null;
  if (!result || typeof result.isAuthorized !== 'boolean') return null;
  const context = typeof result.context === 'object' && result.context !== null ? result.context : {};
  return { isAuthorized: result.isAuthorized, context: context as Record<string, unknown> };
}

export function createHttpGateway(opts: GatewayOptions) {
  const report = (error: unknown) =>
    opts.log?.(`HTTP gateway: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const table: { compiled: CompiledRoute[]; service: LoadedService }[] = [];
  for (const service of opts.services) {
    table.push({ compiled: compileRoutes(service.manifest.definition.routes), service });
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    const method = req.method ?? 'GET';
    let found: { service: LoadedService; auth: string } | undefined;
    let allowed: string[] = [];
    for (const entry of table) {
      const m = matchRoute(entry.compiled, method, url.pathname);
      // A bad path still goes to its route's Lambda, which answers 400 BAD_PATH itself.
      if (m.kind === 'match' || m.kind === 'bad-path') {
        found = { service: entry.service, auth: m.route.contract.auth };
        break;
      }
      if (m.kind === 'method-not-allowed') allowed = [...allowed, ...m.allowed];
    }
    if (!found) {
      if (allowed.length)
        return send(res, 405, {
          error: { code: 'METHOD_NOT_ALLOWED', message: `Use ${allowed.join(', ')}.` },
        });
      return send(res, 404, { error: { code: 'ROUTE_NOT_FOUND', message: 'No such route.' } });
    }

    let authorizer:
      | { jwt: { claims: Record<string, string>; scopes: null } }
      | { lambda: Record<string, unknown> }
      | undefined;
    if (found.auth === 'apiKey') {
      const result = opts.authorizeApiKey
        ? await authorizeApiKey(opts.authorizeApiKey, req, method, url)
        : null;
      // API Gateway's answer when a simple-response authorizer refuses.
      if (!result?.isAuthorized) return send(res, 403, { message: 'Forbidden' });
      authorizer = { lambda: result.context };
    }
    if (found.auth === 'user') {
      const header = req.headers.authorization ?? '';
      const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
      const payload = token ? await opts.verifyToken(token) : undefined;
      if (!payload)
        return send(res, 401, { error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' } });
      authorizer = { jwt: { claims: claimsAsApiGateway(payload), scopes: null } };
    }

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    const query = Object.fromEntries(url.searchParams);
    const requestId = randomUUID();
    const event = {
      version: '2.0',
      routeKey: `${method} ${url.pathname}`,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      ...eventBody(body),
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        requestId,
        routeKey: `${method} ${url.pathname}`,
        stage: '$default',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        ...(authorizer ? { authorizer } : {}),
      },
    };
    try {
      const result = (await found.service.invoke(event)) as {
        statusCode: number;
        headers?: Record<string, string>;
        body?: string;
        isBase64Encoded?: boolean;
      };
      res.writeHead(result.statusCode, { 'apigw-requestid': requestId, ...result.headers });
      res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
    } catch (error) {
      // A handler that throws is a Lambda failure: API Gateway answers 500 like this.
      report(error);
      send(res, 500, { message: 'Internal Server Error' });
    }
  }

  /**
   * One failed request must never take the local cloud down: whatever throws while it is
   * handled (routing, token verification, the web app, the user pool proxy) answers 500.
   */
  function fail(res: ServerResponse, error: unknown) {
    report(error);
    if (res.headersSent) res.destroy();
    else send(res, 500, INTERNAL);
  }

  /** Runs one step of a request, sync or async, turning any throw into `fail`. */
  function guarded(res: ServerResponse, step: () => Promise<void> | void) {
    try {
      void step()?.catch((error: unknown) => fail(res, error));
    } catch (error) {
      fail(res, error);
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return send(res, 400, { error: { code: 'BAD_REQUEST_TARGET', message: 'The address is not valid.' } });
    }
    if (url.pathname === '/config.json') return send(res, 200, opts.runtimeConfig());
    if (url.pathname === '/api/health')
      return opts.health().then((h) => send(res, h.status === 'starting' ? 503 : 200, h));
    if (url.pathname === '/api/health/idle' && opts.idle) {
      const started = Date.now();
      const asked = Number(url.searchParams.get('timeoutMs') ?? 60_000);
      const timeoutMs = Number.isInteger(asked) ? Math.min(Math.max(asked, 0), 600_000) : 60_000;
      return opts
        .idle(timeoutMs)
        .then((idle) => send(res, idle ? 200 : 503, { idle, waitedMs: Date.now() - started }));
    }
    const schedule = /^\/api\/local\/schedules\/([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(url.pathname);
    if (schedule && opts.runSchedule && req.method === 'POST')
      return opts.runSchedule(schedule[1] ?? '', schedule[2] ?? '').then(
        () => send(res, 200, { ran: true }),
        (error: unknown) => send(res, 404, { error: { code: 'NOT_FOUND', message: String(error) } }),
      );
    const fault = /^\/api\/local\/faults\/([a-z0-9-]+)\/(isolate|kill)$/.exec(url.pathname);
    if (fault && opts.faults && req.method === 'POST') {
      const [, functionName = '', action] = fault;
      if (!opts.functionNames?.has(functionName))
        return send(res, 404, { error: { code: 'NOT_FOUND', message: `No function ${functionName}` } });
      if (action === 'isolate') {
        opts.faults.isolateNext(functionName);
        return send(res, 200, { isolated: functionName });
      }
      return send(res, 200, { killed: opts.faults.kill(functionName) });
    }
    const cognito = opts.cognitoProxy && (url.pathname === '/cognito' || url.pathname === '/cognito/');
    // `/v1/...` is the store API integrators call with a key (docs/product/store-api.md).
    // The online store's crawler pages are API routes (as CloudFront's `/store/*` behaviour sends them).
    const api =
      url.pathname.startsWith('/api/') ||
      url.pathname.startsWith('/v1/') ||
      isStoreDocumentPath(url.pathname);
    if (!api && !cognito) {
      if (opts.web) return opts.web(req, res);
      return send(res, 404, {
        error: { code: 'NOT_FOUND', message: 'The web app is not served by this gateway.' },
      });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    // A client that goes away mid-body needs no answer; the socket is already gone.
    req.on('error', () => undefined);
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return send(res, 413, { message: 'Request Entity Too Large' });
      const body = Buffer.concat(chunks);
      guarded(res, () =>
        cognito && opts.cognitoProxy ? opts.cognitoProxy(req, res, body) : handleApi(req, res, url, body),
      );
    });
  }

  const server = createServer((req, res) => guarded(res, () => handle(req, res)));
  return { server };
}
