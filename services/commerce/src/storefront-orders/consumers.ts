import { storefrontCheckoutPaid } from '@sneakers/events';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { storefrontOrdersDeps } from './deps';
import { recordStorefrontOrder } from './domain';

/**
 * A paid storefront checkout becomes the store's paid order (docs/product/commerce.md#online-orders).
 * The id names the rule and the dead-letter queue, so it stays stable.
 */
export const storefrontOrderConsumers: Consumer[] = [
  consumer('order-storefront-checkout', storefrontCheckoutPaid, async (detail) => {
    await recordStorefrontOrder(storefrontOrdersDeps(), detail.data);
  }),
];
