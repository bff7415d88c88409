import { createHmac } from 'node:crypto';
import { newId, type Store } from './store';
import type { StripeEvent, WebhookEndpoint } from './types';

/**
 * Events and their delivery. An event is stored (GET /v1/events) and queued for every
 * endpoint that wants its type; each endpoint gets its events one at a time in order, signed
 * as Stripe signs them (`Stripe-Signature: t=<unix now>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<body>")>`), a non-2xx or a network error retried with back-off before the next event
 * (so order holds), and given up after `maxAttempts`. `pending()` tells the local cloud's
 * idle() whether deliveries are still under way.
 */

const MAX_EVENTS = 10_000;

export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface WebhookOptions {
  apiVersion: string;
  /** First retry's delay; doubles each time up to a minute (default 500 ms). */
  retryBaseMs?: number;
  /** Attempts before an event is given up for an endpoint (default 8). */
  maxAttempts?: number;
  log?: (line: string) => void;
}

export function createWebhooks(store: Store, options: WebhookOptions) {
  const queues = new Map<string, string[]>();
  const running = new Set<string>();
  const waiters: (() => void)[] = [];
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const retryBase = options.retryBaseMs ?? 500;
  const maxAttempts = options.maxAttempts ?? 8;

  const pending = () => [...queues.values()].reduce((n, q) => n + q.length, 0);
  const wake = () => {
    if (pending() > 0) return;
    for (const w of waiters.splice(0)) w();
  };

  const sleep = (ms: number) =>
    new Promise<void>((r) => {
      const t = setTimeout(() => {
        timers.delete(t);
        r();
      }, ms);
      timers.add(t);
    });

  async function deliver(endpoint: WebhookEndpoint, event: StripeEvent): Promise<boolean> {
    const payload = JSON.stringify(event, null, 2);
    try {
      const res = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, endpoint.secret ?? ''),
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) options.log?.(`stripe stand-in: ${event.type} to ${endpoint.url} answered ${res.status}`);
      return res.ok;
    } catch (error) {
      options.log?.(`stripe stand-in: ${event.type} to ${endpoint.url} failed: ${String(error)}`);
      return false;
    }
  }

  async function run(endpointId: string) {
    if (running.has(endpointId)) return;
    running.add(endpointId);
    try {
      const queue = queues.get(endpointId) ?? [];
      let attempts = 0;
      while (queue.length > 0 && !stopped) {
        const endpoint = store.tables.webhookEndpoints.get(endpointId);
        const event = store.tables.events.get(queue[0] ?? '');
        if (!endpoint || endpoint.status !== 'enabled' || !event) {
          queue.shift();
          continue;
        }
        attempts += 1;
        const ok = await deliver(endpoint, event);
        if (ok || attempts >= maxAttempts) {
          if (!ok) options.log?.(`stripe stand-in: gave up ${event.id} (${event.type}) for ${endpoint.url}`);
          queue.shift();
          event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
          attempts = 0;
          continue;
        }
        await sleep(Math.min(60_000, retryBase * 2 ** (attempts - 1)));
      }
    } finally {
      running.delete(endpointId);
      wake();
    }
  }

  function wants(endpoint: WebhookEndpoint, type: string) {
    return (
      endpoint.status === 'enabled' &&
      (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type))
    );
  }

  return {
    /** Records an event at `created` (the customer's clock) and queues its deliveries. */
    emit(type: string, object: unknown, created: number, previous?: Record<string, unknown>): StripeEvent {
      const endpoints = [...store.tables.webhookEndpoints.values()].filter((e) => wants(e, type));
      const event: StripeEvent = {
        id: newId('evt_'),
        object: 'event',
        api_version: options.apiVersion,
        created,
        data: {
          object: structuredClone(object),
          ...(previous && Object.keys(previous).length > 0 ? { previous_attributes: previous } : {}),
        },
        livemode: false,
        pending_webhooks: endpoints.length,
        request: { id: null, idempotency_key: null },
        type,
      };
      store.tables.events.set(event.id, event);
      // Stripe keeps 30 days of events; here the newest MAX_EVENTS, so the state file stays small.
      if (store.tables.events.size > MAX_EVENTS) {
        const oldest = store.tables.events.keys().next().value;
        if (oldest !== undefined) store.tables.events.delete(oldest);
      }
      store.changed();
      for (const endpoint of endpoints) {
        const queue = queues.get(endpoint.id) ?? [];
        queues.set(endpoint.id, queue);
        queue.push(event.id);
        void run(endpoint.id);
      }
      return event;
    },
    /** Deliveries queued or in flight, over every endpoint. */
    pending,
    /** Settles once nothing is queued. */
    settled(): Promise<void> {
      if (pending() === 0) return Promise.resolve();
      return new Promise((r) => waiters.push(r));
    },
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      queues.clear();
      wake();
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;

/** The fields of `after` that differ from `before`, with their old values (`previous_attributes`). */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    if (JSON.stringify(b[key]) !== JSON.stringify(a[key])) out[key] = b[key] ?? null;
  }
  return out;
}
