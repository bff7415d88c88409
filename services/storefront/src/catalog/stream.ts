import type { StreamHandler } from '@sneakers/shared/runtime/function';
import { applyProjectionRecords, PROJECTION_SOURCES } from './domain';
import { projectionDeps } from './deps';

/**
 * Keeps every storefront's product rows (services/storefront/README.md, "The projection"):
 * a change of a store's items, virtual products or prices recomputes the products it touches,
 * a set-up change the whole store.
 */
export const projectionStream: StreamHandler = {
  entities: PROJECTION_SOURCES,
  events: ['INSERT', 'MODIFY', 'REMOVE'],
  handle: (records) => applyProjectionRecords(projectionDeps(), records),
};
