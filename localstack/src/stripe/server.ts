import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createBilling } from './billing';
import { createEngine } from './engine';
import { StripeError } from './errors';
import { parseForm, type Params } from './form';
import { createPages } from './pages/routes';
import type { ApiContext, Route } from './resources/context';
import { checkoutSessionRoutes } from './resources/checkout-sessions';
import { customerRoutes } from './resources/customers';
import { eventRoutes } from './resources/events';
import { invoiceRoutes } from './resources/invoices';
import { paymentIntentRoutes } from './resources/payment-intents';
import { paymentMethodRoutes } from './resources/payment-methods';
import { portalSessionRoutes } from './resources/portal-sessions';
import { priceRoutes } from './resources/prices';
import { productRoutes } from './resources/products';
import { subscriptionRoutes } from './resources/subscriptions';
import { testClockRoutes } from './resources/test-clocks';
import { registerEndpoint, webhookEndpointRoutes } from './resources/webhook-endpoints';
import { createStore, expand, newId } from './store';
import { createWebhooks } from './webhooks';

/**
 * The payment provider's local stand-in (issue 26): a Stripe-shaped HTTP server the official
 * `stripe` SDK talks to (form-encoded requests, Bearer API key, Stripe's JSON shapes and
 * errors, Idempotency-Key, lists and `expand[]`), with the hosted Checkout and portal pages,
 * invoices as HTML and PDF, test clocks and signed webhooks. See README.md beside it.
 */

export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The events the billing service handles (BRIEF: the provider conventions), all the local cloud sends it. */
export const BILLING_WEBHOOK_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'checkout.session.completed',
  'checkout.session.expired',
  'payment_method.attached',
  'customer.updated',
] as const;

export interface StripeStandInOptions {
  port: number;
  /** The one API key accepted (`Authorization: Bearer <apiKey>`). */
  apiKey: string;
  /** Saves the state to `<dataDir>/stripe/state.json` and loads it at start; none keeps it in memory. */
  dataDir?: string;
  /** Endpoints registered at start, each with its signing secret (and its events; default all). */
  webhooks?: { url: string; secret: string; events?: readonly string[] }[];
  /** Webhook retries' first delay (default 500 ms) and attempts (default 8). */
  retryBaseMs?: number;
  maxAttempts?: number;
  log?: (line: string) => void;
}

interface Replay {
  fingerprint: string;
  status: number;
  body: string;
}

function send(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'request-id': newId('req_', 14),
    'stripe-version': STRIPE_API_VERSION,
    ...extra,
  });
  res.end(body);
}

async function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > limit) throw new StripeError(413, 'invalid_request_error', 'The request is too large.');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function compile(routes: Route[]) {
  return routes.map((route) => ({
    route,
    pattern: new RegExp(`^${route.path.replace(/:id/g, '([^/]+)')}$`),
  }));
}

export function createStripeStandIn(options: StripeStandInOptions & { baseUrl: () => string }) {
  const log = options.log;
  const store = createStore(options.dataDir ? join(options.dataDir, 'stripe', 'state.json') : undefined);
  const webhooks = createWebhooks(store, {
    apiVersion: STRIPE_API_VERSION,
    retryBaseMs: options.retryBaseMs,
    maxAttempts: options.maxAttempts,
    log,
  });
  const billing = createBilling({ store, webhooks, baseUrl: options.baseUrl });
  const engine = createEngine(store, billing, webhooks, log);
  const ctx: ApiContext = {
    store,
    billing,
    engine,
    webhooks,
    baseUrl: options.baseUrl,
    apiVersion: STRIPE_API_VERSION,
  };
  for (const hook of options.webhooks ?? [])
    registerEndpoint(store, hook.url, hook.secret, [...(hook.events ?? ['*'])], STRIPE_API_VERSION);

  const routes = compile([
    ...productRoutes(ctx),
    ...priceRoutes(ctx),
    ...customerRoutes(ctx),
    ...paymentMethodRoutes(ctx),
    ...subscriptionRoutes(ctx),
    ...invoiceRoutes(ctx),
    ...paymentIntentRoutes(ctx),
    ...checkoutSessionRoutes(ctx),
    ...portalSessionRoutes(ctx),
    ...eventRoutes(ctx),
    ...webhookEndpointRoutes(ctx),
    ...testClockRoutes(ctx),
  ]);
  const pages = createPages(ctx);
  const replays = new Map<string, Replay>();

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const auth = String(req.headers.authorization ?? '');
    const key = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (key !== options.apiKey) {
      const shown = key
        ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : '';
      throw new StripeError(
        401,
        'invalid_request_error',
        key
          ? `Invalid API Key provided: ${shown}`
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        'api_key_invalid',
      );
    }
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req) : '';
    const params: Params = method === 'POST' ? parseForm(body) : parseForm(url.search.slice(1));
    const idempotencyKey = method === 'POST' ? String(req.headers['idempotency-key'] ?? '') : '';
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (idempotencyKey) {
      const replay = replays.get(idempotencyKey);
      if (replay) {
        if (replay.fingerprint !== fingerprint)
          throw new StripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          );
        return send(res, replay.status, replay.body, {
          'idempotent-replayed': 'true',
          'idempotency-key': idempotencyKey,
        });
      }
    }
    const remember = (status: number, text: string) => {
      if (!idempotencyKey) return;
      replays.set(idempotencyKey, { fingerprint, status, body: text });
      if (replays.size > 5000) replays.delete(replays.keys().next().value ?? '');
    };
    let matchedPath = false;
    for (const { route, pattern } of routes) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      matchedPath = true;
      if (route.method !== method) continue;
      try {
        const ids = match.slice(1).map(decodeURIComponent);
        const result = expand(route.handle({ params, ids }), params, store.lookup);
        const text = JSON.stringify(result, null, 2);
        remember(200, text);
        return send(res, 200, text, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
      } catch (error) {
        if (error instanceof StripeError && error.status < 500)
          remember(error.status, JSON.stringify(error.body()));
        throw error;
      }
    }
    throw new StripeError(
      404,
      'invalid_request_error',
      matchedPath
        ? `Unrecognized request URL (${method}: ${url.pathname}). This endpoint does not take ${method}.`
        : `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/health') return send(res, 200, JSON.stringify({ status: 'ok' }));
    if (url.pathname.startsWith('/v1/')) return api(req, res, url);
    if (await pages.handle(req, res, url)) return;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  }

  return {
    ctx,
    handle: (req: IncomingMessage, res: ServerResponse) => {
      handle(req, res).catch((error: unknown) => {
        if (res.headersSent) return void res.destroy();
        if (error instanceof StripeError)
          return send(res, error.status, JSON.stringify(error.body(), null, 2));
        log?.(
          `stripe stand-in: ${req.method} ${req.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        send(
          res,
          500,
          JSON.stringify(new StripeError(500, 'api_error', 'An unknown error occurred.').body()),
        );
      });
    },
  };
}

export interface StripeStandIn {
  url: string;
  port: number;
  server: Server;
  /** Webhook deliveries queued or in flight (the local cloud's idle() waits for none). */
  pendingDeliveries: () => number;
  /** Settles once no delivery is pending. */
  deliveriesSettled: () => Promise<void>;
  /** Writes the state now (it is otherwise saved 200 ms after a change). */
  flush: () => void;
  close: () => Promise<void>;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  let url = `http://127.0.0.1:${options.port}`;
  const standIn = createStripeStandIn({ ...options, baseUrl: () => url });
  const server = createServer(standIn.handle);
  server.listen(options.port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  url = `http://127.0.0.1:${port}`;
  const { engine, webhooks, store } = standIn.ctx;
  engine.start();
  return {
    url,
    port,
    server,
    pendingDeliveries: webhooks.pending,
    deliveriesSettled: webhooks.settled,
    flush: store.flush,
    close: async () => {
      engine.stop();
      webhooks.stop();
      store.flush();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
