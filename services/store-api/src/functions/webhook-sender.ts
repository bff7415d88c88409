import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { handleDeliveryBatch } from '../webhooks/sender';

/**
 * webhook-sender: invoked by the deliveries' queue (SQS in AWS, the local stand-in's mapping
 * locally) with a batch of messages; signs and POSTs each delivery and answers SQS's partial
 * batch response (docs/adr/0025-outgoing-webhooks.md).
 */
export const webhookSenderFunction = defineFunction({
  name: 'webhook-sender',
  routes: [],
  consumers: [],
  invoke: handleDeliveryBatch,
  access: { table: 'readWrite', sendsWebhooks: true, webhookQueueConsumer: true },
});

export const handler = createInvokeHandler(webhookSenderFunction);
