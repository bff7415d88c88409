import { fixedClock } from '@sneakers/shared/clock';
import { AWS_URL_POLICY, type UrlPolicy } from '../../src/webhooks/addresses';
import type {
  DeliveryMessage,
  DeliveryRecord,
  EndpointRecord,
  PostResult,
  WebhooksDeps,
  WebhooksRepository,
} from '../../src/webhooks/ports';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';

/** The webhooks use cases' ports in memory: what a unit test can look at afterwards. */
export function memoryWebhooks(options: { policy?: UrlPolicy; addresses?: Record<string, string[]> } = {}) {
  const endpoints = new Map<string, EndpointRecord>();
  const deliveries = new Map<string, DeliveryRecord>();
  const stores = new Set<string>();
  const events: OutboxEvent[] = [];
  const queued: { message: DeliveryMessage; delaySeconds: number }[] = [];
  const posts: { url: string; headers: Record<string, string>; body: string }[] = [];
  let answer: () => PostResult = () => ({ responseCode: 200, durationMs: 5, error: null });
  let ids = 0;
  const clock = fixedClock('2026-01-01T00:00:00.000Z');

  const repo: WebhooksRepository = {
    isStore: async (userId) => stores.has(userId),
    listEndpoints: async (storeUserId) =>
      [...endpoints.values()].filter((e) => e.storeUserId === storeUserId),
    getEndpoint: async (storeUserId, id) => {
      const e = endpoints.get(id);
      return e && e.storeUserId === storeUserId ? { ...e } : null;
    },
    createEndpoint: async (record) => void endpoints.set(record.id, { ...record }),
    updateEndpoint: async (storeUserId, id, changes, event) => {
      const e = endpoints.get(id);
      if (!e || e.storeUserId !== storeUserId) return null;
      if (event && !e.enabled) return { ...e };
      const next = {
        ...e,
        ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
      };
      endpoints.set(id, next);
      if (event) events.push(event);
      return { ...next };
    },
    deleteEndpoint: async (storeUserId, id) =>
      endpoints.get(id)?.storeUserId === storeUserId && endpoints.delete(id),
    createDeliveriesOnce: async (records) =>
      records.filter((record) => {
        if (deliveries.has(record.id)) return false;
        deliveries.set(record.id, { ...record });
        return true;
      }),
    createDelivery: async (record) => void deliveries.set(record.id, { ...record }),
    getDelivery: async (endpointId, id) => {
      const d = deliveries.get(id);
      return d && d.endpointId === endpointId ? { ...d } : null;
    },
    getDeliveries: async (keys) =>
      keys.flatMap((k) => {
        const d = deliveries.get(k.id);
        return d && d.endpointId === k.endpointId ? [{ ...d }] : [];
      }),
    listDeliveries: async (endpointId) => ({
      items: [...deliveries.values()].filter((d) => d.endpointId === endpointId).reverse(),
      cursor: null,
    }),
    recordAttempt: async (current, outcome) => {
      const d = deliveries.get(current.id);
      const expected = current.attempts;
      if (!d || d.attempts !== expected) return null;
      const next: DeliveryRecord = {
        ...d,
        status: outcome.status,
        attempts: expected + 1,
        responseCode: outcome.attempt.responseCode,
        durationMs: outcome.attempt.durationMs,
        nextAttemptAt: outcome.nextAttemptAt,
        attemptLog: [...d.attemptLog, outcome.attempt],
      };
      deliveries.set(current.id, next);
      return { ...next };
    },
    requeue: async (endpointId, id, at) => {
      const d = deliveries.get(id);
      if (!d || d.endpointId !== endpointId) return null;
      const next = { ...d, status: 'pending' as const, nextAttemptAt: at };
      deliveries.set(id, next);
      return { ...next };
    },
  };

  const deps: WebhooksDeps = {
    webhooks: repo,
    queue: {
      send: async (message, delaySeconds) => void queued.push({ message, delaySeconds }),
      sendNow: async (messages) =>
        void queued.push(...messages.map((message) => ({ message, delaySeconds: 0 }))),
    },
    poster: {
      post: async (url, headers, body) => {
        posts.push({ url, headers, body });
        return answer();
      },
    },
    resolve: async (host) => options.addresses?.[host] ?? ['93.184.216.34'],
    policy: options.policy ?? AWS_URL_POLICY,
    clock,
    newId: () => `id${String(++ids).padStart(4, '0')}`,
    newSecret: () => `whsec_${Buffer.from(`secret-number-${++ids}-abcdefgh`).toString('base64')}`,
  };
  return {
    deps,
    clock,
    endpoints,
    deliveries,
    events,
    queued,
    posts,
    stores,
    answerWith(next: () => PostResult) {
      answer = next;
    },
  };
}
