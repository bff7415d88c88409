import * as z from 'zod/mini';
import { pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { recordId, text } from './fields';

/**
 * Outgoing webhooks (services/store-api/src/webhooks, docs/product/store-api.md#webhooks): a
 * store subscribes HTTPS endpoints to events; each delivery is signed as Standard Webhooks says
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the endpoint's `whsec_` secret.
 * Store users only (a reseller gets 403 STORE_ONLY); demo: reads answer demo data, writes DEMO_MODE.
 */

/** Every event a store can subscribe to; later domains append theirs. */
export const WEBHOOK_EVENTS = [
  'sale.created',
  'offer.received',
  'offer.updated',
  'booking.created',
  'booking.updated',
  'consignment.sold',
  'order.updated',
  'order.created',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The event "send test event" delivers: never produced by a domain, never subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** A store keeps at most this many endpoints. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** After a rotation the previous secret still signs (alongside the new one) this long. */
export const WEBHOOK_OLD_SECRET_VALID_HOURS = 24;
/** An endpoint whose deliveries have failed without a success for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;
/** A delivery that has not succeeded is retried at least this long before it is given up. */
export const WEBHOOK_RETRY_HOURS = 24;
/** The sender waits this long for an answer before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

export const webhookEventName = z.enum(WEBHOOK_EVENTS);

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventName),
  enabled: z.boolean(),
  /** Why it is off: `manual` (the store turned it off) or `failing` (5 days of failures). */
  disabledReason: z.nullable(z.enum(['manual', 'failing'])),
  /** The secret's first characters (`whsec_abcd`), to tell which one a receiver holds. */
  secretPrefix: z.string(),
  /** Until then the previous secret signs too (rotation); null when there is none. */
  previousSecretExpiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** null when no answer came (timeout, refused connection, blocked address). */
  responseCode: z.nullable(z.int()),
  durationMs: z.int(),
  /** A short reason for a failure without a response code (`timeout`, `connection refused`). */
  error: z.nullable(z.string()),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The event's name (`sale.created`, or `webhook.test`). */
  event: z.string(),
  /** The `webhook-id` header: the same for every attempt and redelivery, so receivers can dedupe. */
  messageId: z.string(),
  status: webhookDeliveryStatus,
  /** The last attempt's response code (null before one, or when none came). */
  responseCode: z.nullable(z.int()),
  /** The last attempt's duration. */
  durationMs: z.nullable(z.int()),
  attempts: z.int(),
  nextAttemptAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** The payload that is signed and sent (JSON text). */
  payload: z.string(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const endpointParams = z.strictObject({ endpointId: recordId });

export const listWebhookEvents = defineContract({
  id: 'webhooks.events',
  method: 'GET',
  path: '/api/webhooks/events',
  auth: 'user',
  response: z.object({ events: z.array(webhookEventName) }),
});

export const listWebhookEndpoints = defineContract({
  id: 'webhooks.endpoints.list',
  method: 'GET',
  path: '/api/webhooks/endpoints',
  auth: 'user',
  response: z.object({ endpoints: z.array(webhookEndpointSchema) }),
});

const webhookUrl = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'URL is required'),
    z.maxLength(WEBHOOK_URL_MAX),
    z.url({ message: 'Enter a valid URL' }),
  );
const webhookEvents = z
  .array(webhookEventName)
  .check(z.minLength(1, 'Choose at least one event'), z.maxLength(WEBHOOK_EVENTS.length));

export const webhookEndpointCreateSchema = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  description: z.optional(text(WEBHOOK_DESCRIPTION_MAX)),
});

/** Answers the endpoint's signing secret ONCE (`secret`, `whsec_…`). */
export const createWebhookEndpoint = defineContract({
  id: 'webhooks.endpoints.create',
  method: 'POST',
  path: '/api/webhooks/endpoints',
  auth: 'user',
  body: webhookEndpointCreateSchema,
  response: z.object({ endpoint: webhookEndpointSchema, secret: z.string() }),
  maxBodyBytes: 4096,
});

export const webhookEndpointUpdateSchema = z.strictObject({
  events: z.optional(webhookEvents),
  enabled: z.optional(z.boolean()),
  description: z.optional(text(WEBHOOK_DESCRIPTION_MAX)),
});

/** Turning an endpoint back on clears its failing streak. */
export const updateWebhookEndpoint = defineContract({
  id: 'webhooks.endpoints.update',
  method: 'PATCH',
  path: '/api/webhooks/endpoints/{endpointId}',
  auth: 'user',
  params: endpointParams,
  body: webhookEndpointUpdateSchema,
  response: z.object({ endpoint: webhookEndpointSchema }),
  maxBodyBytes: 2048,
});

export const deleteWebhookEndpoint = defineContract({
  id: 'webhooks.endpoints.delete',
  method: 'DELETE',
  path: '/api/webhooks/endpoints/{endpointId}',
  auth: 'user',
  params: endpointParams,
  response: z.object({ deleted: z.literal(true) }),
});

/** Answers the new secret ONCE; the previous one keeps signing for 24 hours. */
export const rotateWebhookSecret = defineContract({
  id: 'webhooks.endpoints.rotateSecret',
  method: 'POST',
  path: '/api/webhooks/endpoints/{endpointId}/rotate-secret',
  auth: 'user',
  params: endpointParams,
  response: z.object({ endpoint: webhookEndpointSchema, secret: z.string() }),
});

/** Queues a `webhook.test` delivery to the endpoint (even when it is not subscribed to anything). */
export const sendWebhookTestEvent = defineContract({
  id: 'webhooks.endpoints.test',
  method: 'POST',
  path: '/api/webhooks/endpoints/{endpointId}/test',
  auth: 'user',
  params: endpointParams,
  response: z.object({ delivery: webhookDeliverySchema }),
});

/** Newest first. */
export const listWebhookDeliveries = defineContract({
  id: 'webhooks.deliveries.list',
  method: 'GET',
  path: '/api/webhooks/endpoints/{endpointId}/deliveries',
  auth: 'user',
  params: endpointParams,
  query: z.object({ ...pageQuery(100), status: z.optional(webhookDeliveryStatus) }),
  response: z.object({ deliveries: z.array(webhookDeliverySchema), cursor: z.nullable(z.string()) }),
});

/** Sends the same message again (same `webhook-id`), now, whatever its status. */
export const redeliverWebhook = defineContract({
  id: 'webhooks.deliveries.redeliver',
  method: 'POST',
  path: '/api/webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/redeliver',
  auth: 'user',
  params: z.strictObject({ endpointId: recordId, deliveryId: recordId }),
  response: z.object({ delivery: webhookDeliverySchema }),
});

export const webhooksContracts = [
  listWebhookEvents,
  listWebhookEndpoints,
  createWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  listWebhookDeliveries,
  redeliverWebhook,
] as const;
