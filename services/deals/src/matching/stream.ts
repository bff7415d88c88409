import type { StreamHandler } from '@sneakers/shared/runtime/function';
import { applyMatchingRecords, MATCHING_SOURCES } from './domain';
import { matchingDeps } from './deps';

/**
 * Keeps the stored deals (services/deals/README.md, "The matcher"): an item's change
 * reconciles that item, a profile's change every item of its owner.
 */
export const matchingStream: StreamHandler = {
  entities: MATCHING_SOURCES,
  events: ['INSERT', 'MODIFY', 'REMOVE'],
  handle: (records) => applyMatchingRecords(matchingDeps(), records),
};
