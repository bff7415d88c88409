import { DEMO } from '@sneakers/shared/demo';
import { seedDemoWebhookData } from '../../../services/store-api/src/published';

/** The demo store's webhook endpoint and its delivery log (docs/product/store-api.md#webhooks). */
export function seedDemoWebhooks(): Promise<boolean> {
  return seedDemoWebhookData(DEMO.userId);
}
