import type { AggregateRow } from './deltas';

/**
 * A day or month row's counters are revenue, cost, fees, profit, units and sales, and per brand
 * and per product dynamic names with these prefixes (a store row: stockValue, stockUnits,
 * deposits, owed, unpaid, sales; a provider row: owed, unpaid).
 */
export const BRAND_REVENUE = 'br:';
export const BRAND_UNITS = 'bu:';
export const PRODUCT_REVENUE = 'pr:';
export const PRODUCT_UNITS = 'pu:';
export const PRODUCT_NAME = 'pn:';

/**
 * Keys of the aggregate rows. They are written with ADD on dynamic attribute names (a
 * brand's or a product's figures), which an ElectroDB entity cannot model, so the rows are
 * plain items with hand-made keys that start with the owner (docs/architecture.md#34-tenancy)
 * and cannot meet an ElectroDB key (those start with `$`).
 *
 * - `commerceStats`: `pk = <store>#commerceStats`, `sk = d#<currency>#<YYYY-MM-DD>` (a day)
 *   or `m#<currency>#<YYYY-MM>` (a month): a period is one key-condition Query.
 * - `commerceLedger`: `pk = <store>#commerceLedger`, `sk = c#<currency>` (the store's
 *   balances) or `p#<providerId>#<currency>` (what it owes one provider).
 * - `commerceLedgerClaim`: `pk = ledgerClaim#<stream event id>`, TTL: a change applied once.
 */
export const STATS_ENTITY = 'commerceStats';
export const LEDGER_ENTITY = 'commerceLedger';
export const CLAIM_ENTITY = 'commerceLedgerClaim';

export const statsPk = (storeUserId: string) => `${storeUserId}#${STATS_ENTITY}`;
export const ledgerPk = (storeUserId: string) => `${storeUserId}#${LEDGER_ENTITY}`;
export const daySk = (currency: string, date: string) => `d#${currency}#${date}`;
export const monthSk = (currency: string, month: string) => `m#${currency}#${month}`;
export const STORE_BALANCE_PREFIX = 'c#';
export const PROVIDER_BALANCE_PREFIX = 'p#';

export function keyOf(row: AggregateRow): { pk: string; sk: string; entity: string } {
  switch (row.kind) {
    case 'day':
      return { pk: statsPk(row.storeUserId), sk: daySk(row.currency, row.date), entity: STATS_ENTITY };
    case 'month':
      return { pk: statsPk(row.storeUserId), sk: monthSk(row.currency, row.month), entity: STATS_ENTITY };
    case 'store':
      return {
        pk: ledgerPk(row.storeUserId),
        sk: `${STORE_BALANCE_PREFIX}${row.currency}`,
        entity: LEDGER_ENTITY,
      };
    case 'provider':
      return {
        pk: ledgerPk(row.storeUserId),
        sk: `${PROVIDER_BALANCE_PREFIX}${row.providerId}#${row.currency}`,
        entity: LEDGER_ENTITY,
      };
  }
}

export const claimKey = (eventId: string) => ({ pk: `ledgerClaim#${eventId}`, sk: 'claim' });
