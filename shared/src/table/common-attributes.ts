import { CURRENCIES } from '../money';

/**
 * What every owned record repeats, declared once (docs/adr/0015-table-layer.md). Spread the
 * attributes into an entity (`storeUserId: ownerAttribute, ...timestampAttributes`) and
 * build its access patterns with the index helpers, so the keys of owned rows read alike.
 */

/** The owner's user id: the row's partition, from the verified token, never changed. */
export const ownerAttribute = { type: 'string', required: true, readOnly: true } as const;

/** A record's own id (a ULID), set when it is created. */
export const idAttribute = { type: 'string', required: true, readOnly: true } as const;

export const timestampAttributes = {
  createdAt: { type: 'string', required: true, readOnly: true },
  updatedAt: { type: 'string', required: true },
} as const;

export const currencyAttribute = { type: CURRENCIES, required: true } as const;

/** The owner's partition, one row per sort key: `pk = owner`, `sk = <sortKey...>`. */
export function ownedIndex<const O extends string, const S extends readonly string[]>(owner: O, sortKey: S) {
  return { pk: { field: 'pk', composite: [owner] }, sk: { field: 'sk', composite: sortKey } } as const;
}

/** A GSI over the owner's rows in one state (`gsi1pk = owner#status`), one row per sort key. */
export function ownedByStatusIndex<
  const I extends 'gsi1' | 'gsi2' | 'gsi3',
  const O extends string,
  const A extends string,
  const S extends readonly string[],
>(index: I, owner: O, status: A, sortKey: S) {
  return {
    index,
    pk: { field: `${index}pk`, composite: [owner, status] },
    sk: { field: `${index}sk`, composite: sortKey },
  } as const;
}
