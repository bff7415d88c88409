import { storefrontBackInStock } from '@sneakers/events';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { notifyDeps } from './deps';
import { onBackInStock } from './domain';

/** The ids name the rules and dead-letter queues, so they stay stable. */
export const notifyConsumers: Consumer[] = [
  consumer('storefront-back-in-stock', storefrontBackInStock, async (detail) => {
    await onBackInStock(notifyDeps(), detail);
  }),
];
