import type { StreamHandler } from '@sneakers/shared/runtime/function';
import { applyProjectionRecords, PROJECTION_SOURCES } from './domain';
import { projectionDeps } from './deps';

/**
 * Keeps every storefront's product rows (services/storefront/README.md, "The projection"):
 * any change of a store's items, virtual products, set-up or prices recomputes that store.
 */
export const projectionStream: StreamHandler = {
  entities: PROJECTION_SOURCES,
  events: ['INSERT', 'MODIFY', 'REMOVE'],
  handle: (records) => applyProjectionRecords(projectionDeps(), records),
};
