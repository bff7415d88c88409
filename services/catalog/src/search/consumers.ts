import { catalogProductsChanged } from '@sneakers/events/catalog';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { searchDeps } from './deps';

/** The events the search index follows; the ids name the rules and dead-letter queues, so they stay stable. */
export const searchConsumers: Consumer[] = [
  // Re-reads the products and folds them into the next snapshot: a redelivery publishes
  // the same state again, so handling an event twice changes nothing.
  consumer('index-products', catalogProductsChanged, (detail) =>
    searchDeps().searchIndex.applyChange(detail.data),
  ),
];
