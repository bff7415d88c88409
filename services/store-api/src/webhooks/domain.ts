import { createHash } from 'node:crypto';
import { requireUser, requireWriter, type Actor, type UserActor } from '@sneakers/shared/actor';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_OLD_SECRET_VALID_HOURS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TIMEOUT_MS,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventName,
} from '@sneakers/shared/contracts/webhooks';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@sneakers/shared/errors';
import { ulid } from '@sneakers/shared/ids';
import type { PageRequest } from '@sneakers/shared/paging/page';
import { buildEvent, webhookEndpointDisabled } from '@sneakers/events';
import { addressAllowed, checkWebhookUrl, type UrlProblem } from './addresses';
import type { DeliveryMessage, DeliveryRecord, EndpointRecord, WebhooksDeps } from './ports';
import { failingLongEnough, MAX_QUEUE_DELAY_SECONDS, nextRetryDelaySeconds } from './retry';
import { shownSecret, signWebhook } from './signing';

/**
 * Outgoing webhooks (docs/product/store-api.md#webhooks): a store's endpoints, the fan-out of
 * domain events to them, and the sender's attempts with their retries. Store users only;
 * demo users read (the demo seed's endpoint) and write nothing.
 */

const STORE_ONLY_MESSAGE = 'Webhooks are for stores.';

async function requireStore(deps: WebhooksDeps, user: UserActor): Promise<UserActor> {
  if (!(await deps.webhooks.isStore(user.userId))) throw new ForbiddenError(STORE_ONLY_MESSAGE, 'STORE_ONLY');
  return user;
}

const reader = (deps: WebhooksDeps, actor: Actor) => requireStore(deps, requireUser(actor));
const writer = (deps: WebhooksDeps, actor: Actor) => requireStore(deps, requireWriter(actor));

function previousSecretLive(endpoint: EndpointRecord, now: Date): boolean {
  return (
    endpoint.previousSecret !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    Date.parse(endpoint.previousSecretExpiresAt) > now.getTime()
  );
}

export function toEndpoint(record: EndpointRecord, now: Date): WebhookEndpoint {
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    events: record.events,
    enabled: record.enabled,
    disabledReason: record.enabled ? null : (record.disabledReason ?? 'manual'),
    secretPrefix: shownSecret(record.secret),
    previousSecretExpiresAt: previousSecretLive(record, now) ? record.previousSecretExpiresAt : null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export function toDelivery(record: DeliveryRecord): WebhookDelivery {
  return {
    id: record.id,
    endpointId: record.endpointId,
    event: record.event,
    messageId: record.messageId,
    status: record.status,
    responseCode: record.responseCode,
    durationMs: record.durationMs,
    attempts: record.attempts,
    nextAttemptAt: record.nextAttemptAt,
    createdAt: record.createdAt,
    payload: record.payload,
    attemptLog: record.attemptLog,
  };
}

const URL_PROBLEMS: Record<UrlProblem, string> = {
  invalid: 'Enter a valid URL',
  not_https: 'The URL must start with https://',
  credentials: 'The URL must not contain a user name or password',
  blocked_address: 'The URL must point to a public address',
};

/** The URL's own rule, then the addresses its name resolves to now (the sender checks again at connect). */
async function checkUrl(deps: WebhooksDeps, url: string) {
  const problem = checkWebhookUrl(url, deps.policy);
  if (problem) throw new ValidationError(URL_PROBLEMS[problem], { url: [URL_PROBLEMS[problem]] });
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = await deps.resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0)
    throw new ValidationError('The URL’s host name does not resolve', {
      url: ['The URL’s host name does not resolve'],
    });
  if (!addresses.every((a) => addressAllowed(a, deps.policy)))
    throw new ValidationError(URL_PROBLEMS.blocked_address, { url: [URL_PROBLEMS.blocked_address] });
}

async function ownEndpoint(deps: WebhooksDeps, user: UserActor, endpointId: string) {
  const endpoint = await deps.webhooks.getEndpoint(user.userId, endpointId);
  if (!endpoint) throw new NotFoundError('Webhook endpoint not found.');
  return endpoint;
}

export function listEvents(): { events: WebhookEventName[] } {
  return { events: [...WEBHOOK_EVENTS] };
}

export async function listEndpoints(deps: WebhooksDeps, actor: Actor) {
  const user = await reader(deps, actor);
  const now = deps.clock.now();
  const endpoints = await deps.webhooks.listEndpoints(user.userId);
  return { endpoints: endpoints.map((e) => toEndpoint(e, now)) };
}

export async function createEndpoint(
  deps: WebhooksDeps,
  actor: Actor,
  body: { url: string; events: WebhookEventName[]; description?: string | undefined },
) {
  const user = await writer(deps, actor);
  await checkUrl(deps, body.url);
  const existing = await deps.webhooks.listEndpoints(user.userId);
  if (existing.length >= WEBHOOK_ENDPOINTS_MAX)
    throw new ConflictError(
      `A store can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
      'LIMIT_REACHED',
    );
  const now = deps.clock.now().toISOString();
  const secret = deps.newSecret();
  const record: EndpointRecord = {
    storeUserId: user.userId,
    id: deps.newId(),
    url: body.url,
    description: body.description ?? '',
    events: [...new Set(body.events)],
    enabled: true,
    disabledReason: null,
    secret,
    previousSecret: null,
    previousSecretExpiresAt: null,
    failingSince: null,
    createdAt: now,
    updatedAt: now,
  };
  await deps.webhooks.createEndpoint(record);
  return { endpoint: toEndpoint(record, deps.clock.now()), secret };
}

export async function updateEndpoint(
  deps: WebhooksDeps,
  actor: Actor,
  endpointId: string,
  body: {
    events?: WebhookEventName[] | undefined;
    enabled?: boolean | undefined;
    description?: string | undefined;
  },
) {
  const user = await writer(deps, actor);
  await ownEndpoint(deps, user, endpointId);
  const updated = await deps.webhooks.updateEndpoint(user.userId, endpointId, {
    ...(body.events ? { events: [...new Set(body.events)] } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    // Turning it back on starts a new streak; turning it off is the store's own choice.
    ...(body.enabled === true ? { enabled: true, disabledReason: null, failingSince: null } : {}),
    ...(body.enabled === false ? { enabled: false, disabledReason: 'manual' as const } : {}),
    updatedAt: deps.clock.now().toISOString(),
  });
  if (!updated) throw new NotFoundError('Webhook endpoint not found.');
  return { endpoint: toEndpoint(updated, deps.clock.now()) };
}

export async function deleteEndpoint(deps: WebhooksDeps, actor: Actor, endpointId: string) {
  const user = await writer(deps, actor);
  if (!(await deps.webhooks.deleteEndpoint(user.userId, endpointId)))
    throw new NotFoundError('Webhook endpoint not found.');
  return { deleted: true as const };
}

/** A new secret, answered once; the current one keeps signing beside it for 24 hours. */
export async function rotateSecret(deps: WebhooksDeps, actor: Actor, endpointId: string) {
  const user = await writer(deps, actor);
  const endpoint = await ownEndpoint(deps, user, endpointId);
  const now = deps.clock.now();
  const secret = deps.newSecret();
  const updated = await deps.webhooks.updateEndpoint(user.userId, endpointId, {
    secret,
    previousSecret: endpoint.secret,
    previousSecretExpiresAt: new Date(
      now.getTime() + WEBHOOK_OLD_SECRET_VALID_HOURS * 3_600_000,
    ).toISOString(),
    updatedAt: now.toISOString(),
  });
  if (!updated) throw new NotFoundError('Webhook endpoint not found.');
  return { endpoint: toEndpoint(updated, now), secret };
}

/** The Standard Webhooks payload: `type`, `timestamp` and the event's `data`. */
export function payloadOf(event: string, occurredAt: string, data: unknown): string {
  return JSON.stringify({ type: event, timestamp: occurredAt, data });
}

/**
 * The delivery of one event to one endpoint has one id, whoever computes it: a ULID of the
 * event's time with randomness from the event id and the endpoint, so a redelivered event's
 * conditional create finds its delivery there already (no second message).
 */
export function fanOutDeliveryId(eventId: string, endpointId: string, occurredAt: string): string {
  const seed = createHash('sha256').update(`${eventId}#${endpointId}`).digest().subarray(0, 10);
  const at = Date.parse(occurredAt);
  return ulid(Number.isNaN(at) ? 0 : at, seed);
}

function newDelivery(
  deps: WebhooksDeps,
  endpoint: EndpointRecord,
  event: string,
  payload: string,
  id = deps.newId(),
): DeliveryRecord {
  const now = deps.clock.now().toISOString();
  return {
    endpointId: endpoint.id,
    id,
    storeUserId: endpoint.storeUserId,
    event,
    messageId: `msg_${id}`,
    payload,
    status: 'pending',
    responseCode: null,
    durationMs: null,
    attempts: 0,
    nextAttemptAt: now,
    attemptLog: [],
    createdAt: now,
    updatedAt: now,
  };
}

const firstMessage = (d: DeliveryRecord, notBefore: string): DeliveryMessage => ({
  storeUserId: d.storeUserId,
  endpointId: d.endpointId,
  deliveryId: d.id,
  attempt: d.attempts,
  notBefore,
});

export async function sendTestEvent(deps: WebhooksDeps, actor: Actor, endpointId: string) {
  const user = await writer(deps, actor);
  const endpoint = await ownEndpoint(deps, user, endpointId);
  const now = deps.clock.now().toISOString();
  const delivery = newDelivery(
    deps,
    endpoint,
    WEBHOOK_TEST_EVENT,
    payloadOf(WEBHOOK_TEST_EVENT, now, { endpoint_id: endpoint.id, message: 'This is a test event.' }),
  );
  await deps.webhooks.createDelivery(delivery);
  await deps.queue.send(firstMessage(delivery, now), 0);
  return { delivery: toDelivery(delivery) };
}

export async function listDeliveries(
  deps: WebhooksDeps,
  actor: Actor,
  endpointId: string,
  query: PageRequest & { status?: WebhookDeliveryStatus | undefined },
) {
  const user = await reader(deps, actor);
  await ownEndpoint(deps, user, endpointId);
  const page = await deps.webhooks.listDeliveries(endpointId, query);
  // The status filter narrows the page read (a page may come back shorter than asked).
  const items = query.status ? page.items.filter((d) => d.status === query.status) : page.items;
  return { deliveries: items.map(toDelivery), cursor: page.cursor };
}

/** The same message again (same `webhook-id`), due now, whatever its status. */
export async function redeliver(deps: WebhooksDeps, actor: Actor, endpointId: string, deliveryId: string) {
  const user = await writer(deps, actor);
  await ownEndpoint(deps, user, endpointId);
  const existing = await deps.webhooks.getDelivery(endpointId, deliveryId);
  if (!existing || existing.storeUserId !== user.userId) throw new NotFoundError('Delivery not found.');
  const now = deps.clock.now().toISOString();
  const queued = await deps.webhooks.requeue(endpointId, deliveryId, now);
  if (!queued) throw new NotFoundError('Delivery not found.');
  await deps.queue.send(firstMessage(queued, now), 0);
  return { delivery: toDelivery(queued) };
}

/**
 * One domain event reaching a store: a delivery per enabled endpoint subscribed to it, once
 * per event id (a redelivered event creates nothing new), each queued for the sender.
 */
export async function fanOut(
  deps: WebhooksDeps,
  input: { eventId: string; storeUserId: string; event: WebhookEventName; occurredAt: string; data: unknown },
): Promise<number> {
  const endpoints = (await deps.webhooks.listEndpoints(input.storeUserId)).filter(
    (e) => e.enabled && e.events.includes(input.event),
  );
  if (endpoints.length === 0) return 0;
  const payload = payloadOf(input.event, input.occurredAt, input.data);
  const now = deps.clock.now().toISOString();
  const deliveries = endpoints.map((endpoint) =>
    newDelivery(
      deps,
      endpoint,
      input.event,
      payload,
      fanOutDeliveryId(input.eventId, endpoint.id, input.occurredAt),
    ),
  );
  const created = await deps.webhooks.createDeliveriesOnce(deliveries);
  await deps.queue.sendNow(
    [...created, ...(await neverSent(deps, deliveries, created))].map((d) => firstMessage(d, now)),
  );
  return created.length;
}

/**
 * The event's deliveries that already existed but were never attempted: a fan-out that
 * committed them and then failed to queue them is retried with its event, and this retry
 * queues them (a second first message for one that is on its way is stale to the sender).
 */
async function neverSent(deps: WebhooksDeps, deliveries: DeliveryRecord[], created: DeliveryRecord[]) {
  const createdIds = new Set(created.map((d) => d.id));
  const existing = deliveries.filter((d) => !createdIds.has(d.id));
  if (existing.length === 0) return [];
  const stored = await deps.webhooks.getDeliveries(
    existing.map((d) => ({ endpointId: d.endpointId, id: d.id })),
  );
  return stored.filter((d) => d.status === 'pending' && d.attempts === 0);
}

const secondsUntil = (iso: string, now: Date) =>
  Math.max(0, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));

/**
 * The sender's work for one queued message: one signed attempt, recorded in the log, and the
 * next one queued on failure (backoff, docs/product/store-api.md#retries-and-the-delivery-log). A message the
 * delivery has moved past (a redelivery or a duplicate) does nothing.
 */
export async function deliver(
  deps: WebhooksDeps,
  message: DeliveryMessage,
): Promise<'sent' | 'failed' | 'waiting' | 'stale'> {
  const now = deps.clock.now();
  if (Date.parse(message.notBefore) > now.getTime()) {
    // A wait longer than the queue can delay: chained, 15 minutes at a time.
    await deps.queue.send(message, Math.min(MAX_QUEUE_DELAY_SECONDS, secondsUntil(message.notBefore, now)));
    return 'waiting';
  }
  const delivery = await deps.webhooks.getDelivery(message.endpointId, message.deliveryId);
  if (!delivery || delivery.status !== 'pending' || delivery.attempts !== message.attempt) return 'stale';
  const endpoint = await deps.webhooks.getEndpoint(message.storeUserId, message.endpointId);
  const attemptAt = deps.clock.now();
  if (!endpoint || !endpoint.enabled) {
    // Nothing to send to: the delivery ends here (a redelivery after re-enabling sends it).
    await deps.webhooks.recordAttempt(delivery, {
      status: 'failed',
      attempt: { at: attemptAt.toISOString(), responseCode: null, durationMs: 0, error: 'endpoint disabled' },
      nextAttemptAt: null,
    });
    return 'failed';
  }
  const secrets = [
    endpoint.secret,
    ...(previousSecretLive(endpoint, attemptAt) && endpoint.previousSecret ? [endpoint.previousSecret] : []),
  ];
  const headers = {
    ...signWebhook(secrets, { id: delivery.messageId, at: attemptAt, payload: delivery.payload }),
    'content-type': 'application/json',
    'user-agent': 'SneakersCRM-Webhooks/1',
  };
  const result = await deps.poster.post(endpoint.url, headers, delivery.payload, WEBHOOK_TIMEOUT_MS);
  // A redirect is a failure: following it would send the signed body somewhere not checked.
  const ok = result.responseCode !== null && result.responseCode >= 200 && result.responseCode < 300;
  const attempts = delivery.attempts + 1;
  const delay = ok ? null : nextRetryDelaySeconds(attempts);
  const after = deps.clock.now();
  const nextAttemptAt = delay === null ? null : new Date(after.getTime() + delay * 1000).toISOString();
  const recorded = await deps.webhooks.recordAttempt(delivery, {
    status: ok ? 'succeeded' : nextAttemptAt ? 'pending' : 'failed',
    attempt: {
      at: attemptAt.toISOString(),
      responseCode: result.responseCode,
      durationMs: result.durationMs,
      error: result.error,
    },
    nextAttemptAt,
  });
  if (!recorded) return 'stale';
  await trackHealth(deps, endpoint, ok, after);
  if (ok) return 'sent';
  if (nextAttemptAt && delay !== null)
    await deps.queue.send(
      { ...message, attempt: attempts, notBefore: nextAttemptAt },
      Math.min(MAX_QUEUE_DELAY_SECONDS, delay),
    );
  return 'failed';
}

/** A success ends the failing streak; 5 days of failures turn the endpoint off and tell the store. */
async function trackHealth(deps: WebhooksDeps, endpoint: EndpointRecord, ok: boolean, now: Date) {
  const at = now.toISOString();
  if (ok) {
    if (endpoint.failingSince !== null)
      await deps.webhooks.updateEndpoint(endpoint.storeUserId, endpoint.id, {
        failingSince: null,
        updatedAt: at,
      });
    return;
  }
  if (endpoint.failingSince === null) {
    await deps.webhooks.updateEndpoint(endpoint.storeUserId, endpoint.id, {
      failingSince: at,
      updatedAt: at,
    });
    return;
  }
  if (!failingLongEnough(endpoint.failingSince, now)) return;
  const event = buildEvent(
    webhookEndpointDisabled,
    {
      storeUserId: endpoint.storeUserId,
      endpointId: endpoint.id,
      url: endpoint.url,
      failingSince: endpoint.failingSince,
    },
    { eventId: deps.newId(), occurredAt: at },
  );
  await deps.webhooks.updateEndpoint(
    endpoint.storeUserId,
    endpoint.id,
    { enabled: false, disabledReason: 'failing', updatedAt: at },
    event,
  );
}
