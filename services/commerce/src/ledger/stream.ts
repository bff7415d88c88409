import type { StreamHandler } from '@sneakers/shared/runtime/function';
import { applyLedgerRecords } from './domain';
import { LEDGER_SOURCE_ENTITIES } from './deltas';
import { ledgerDeps } from './deps';

/**
 * Keeps the overview's aggregates (services/commerce/README.md, "The ledger"): sales by day
 * and month from `commerceSale` rows, stock at cost from inventory `sneakerItem` rows,
 * deposits held from `crmBooking` rows, money owed to providers from `providerConsignment`
 * rows. Every change counts, so a row's aggregate follows it as it is edited or deleted.
 */
export const ledgerStream: StreamHandler = {
  entities: LEDGER_SOURCE_ENTITIES,
  events: ['INSERT', 'MODIFY', 'REMOVE'],
  handle: (records) => applyLedgerRecords(ledgerDeps(), records),
};
