import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { webhookConsumers } from '../webhooks/consumers';
import { webhookRoutes } from '../webhooks/routes';

/**
 * store-api-webhooks: the store's webhook endpoints and delivery log (routes), and the fan-out
 * of domain events into deliveries on the queue (consumers) (docs/adr/0025-outgoing-webhooks.md).
 */
export const storeApiWebhooksFunction = defineFunction({
  name: 'store-api-webhooks',
  routes: webhookRoutes,
  consumers: webhookConsumers,
  access: { table: 'readWrite', sendsWebhooks: true },
});

export const handler = createLambdaHandler(storeApiWebhooksFunction);
