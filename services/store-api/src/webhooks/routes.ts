import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  listWebhookEvents,
  redeliverWebhook,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
} from '@sneakers/shared/contracts/webhooks';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { webhooksDeps } from './deps';
import * as webhooks from './domain';

/** The store's webhook endpoints and their delivery log (docs/product/store-api.md#webhooks). */
export const webhookRoutes: Route[] = [
  route(listWebhookEvents, async () => webhooks.listEvents()),
  route(listWebhookEndpoints, async ({ actor }) => webhooks.listEndpoints(webhooksDeps(), actor)),
  route(createWebhookEndpoint, async ({ actor, body }) =>
    webhooks.createEndpoint(webhooksDeps(), actor, body),
  ),
  route(updateWebhookEndpoint, async ({ actor, params, body }) =>
    webhooks.updateEndpoint(webhooksDeps(), actor, params.endpointId, body),
  ),
  route(deleteWebhookEndpoint, async ({ actor, params }) =>
    webhooks.deleteEndpoint(webhooksDeps(), actor, params.endpointId),
  ),
  route(
    rotateWebhookSecret,
    async ({ actor, params }) => webhooks.rotateSecret(webhooksDeps(), actor, params.endpointId),
    { status: 200 },
  ),
  route(
    sendWebhookTestEvent,
    async ({ actor, params }) => webhooks.sendTestEvent(webhooksDeps(), actor, params.endpointId),
    { status: 202 },
  ),
  route(listWebhookDeliveries, async ({ actor, params, query }) =>
    webhooks.listDeliveries(webhooksDeps(), actor, params.endpointId, query),
  ),
  route(
    redeliverWebhook,
    async ({ actor, params }) =>
      webhooks.redeliver(webhooksDeps(), actor, params.endpointId, params.deliveryId),
    { status: 202 },
  ),
];
