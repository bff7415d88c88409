import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * A store's webhook endpoint failed for 5 days without a success and was turned off
 * (services/store-api, docs/product/store-api.md#webhooks): the notifications service tells
 * the store by email and in-app notification.
 */
export const webhookEndpointDisabled = defineEvent({
  detailType: 'WebhookEndpoint.Disabled',
  version: 1,
  domain: 'store-api',
  data: z.object({
    storeUserId: z.string(),
    endpointId: z.string(),
    url: z.string(),
    failingSince: z.string(),
  }),
});
