import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { sharedQueryKeys as keys } from './shared-query-keys';

/**
 * A write that moves money figures, from whichever feature makes it. Each names what the
 * screens need to know to refetch every figure it changes (docs/product/commerce.md#overview,
 * #balances): the features that show them never hear of each other.
 */
export type MoneyChange =
  /** A sale of an inventory item, a consignment (its provider) or a virtual product. */
  | { kind: 'sale'; providerId?: string | null }
  /** A consignment marked sold without a sale: the store now owes its provider. */
  | { kind: 'consignmentSold'; providerId: string }
  /** A payment to a provider: its consignments are paid, the balance falls. */
  | { kind: 'payment'; providerId: string }
  /** A booking created, edited (its deposit or status: a refund) or deleted: deposits held. */
  | { kind: 'deposit' }
  /** A sale order fulfilled into sales. */
  | { kind: 'fulfilment' };

export interface MoneyKeys {
  /** Read from the rows the write changed: right after the write they are current. */
  now: QueryKey[];
  /**
   * Read from the ledger's aggregates, which a consumer of the table's stream keeps: they lag
   * the write by the stream's delivery (docs/adr/0013-commerce.md), so they are asked again
   * as it catches up.
   */
  aggregates: QueryKey[];
}

/** Every query whose figures the change moves. */
export function moneyKeysOf(change: MoneyChange): MoneyKeys {
  switch (change.kind) {
    case 'sale': {
      const provider = change.providerId
        ? [keys.providerConsignments(change.providerId), keys.payableConsignments(change.providerId)]
        : [];
      return {
        now: [keys.items(), keys.sales(), keys.virtualProducts(), ...provider],
        aggregates: [keys.overview(), keys.providerBalances()],
      };
    }
    case 'consignmentSold':
      return {
        now: [keys.providerConsignments(change.providerId), keys.payableConsignments(change.providerId)],
        aggregates: [keys.overview(), keys.providerBalances()],
      };
    case 'payment':
      return {
        now: [
          keys.paymentLists(),
          keys.providerConsignments(change.providerId),
          keys.payableConsignments(change.providerId),
        ],
        aggregates: [keys.overview(), keys.providerBalances()],
      };
    case 'deposit':
      return { now: [keys.bookings(), keys.clients()], aggregates: [keys.overview()] };
    case 'fulfilment':
      return { now: [keys.orders(), keys.sales()], aggregates: [keys.overview()] };
  }
}

/**
 * How the aggregates are asked again after a money write: every second until what they say
 * changes, for at most half a minute. The ledger's consumer applies a change within a second
 * on AWS (no batching window) and locally as fast as the stream poller and a busy machine
 * allow; a fixed guess would either ask too often or stop too early. Only queries on screen
 * refetch: an aggregate no screen shows costs nothing.
 */
export const LEDGER_POLL_MS = 1_000;
export const LEDGER_POLL_FOR_MS = 30_000;

/** What invalidating needs of TanStack's QueryClient (tests pass their own). */
export interface MoneyInvalidator {
  invalidateQueries(filters: { queryKey: QueryKey }): Promise<unknown>;
  getQueriesData(filters: { queryKey: QueryKey }): Array<[QueryKey, unknown]>;
}

/**
 * Refetches every figure the change moves: now, and the ledger-backed ones again until they
 * show the write, so a balance never shows what was owed before a sale or a payment (paying
 * twice starts there). Resolves when the immediate refetches are done.
 */
export function invalidateMoney(
  queryClient: MoneyInvalidator,
  change: MoneyChange,
  schedule: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms),
): Promise<unknown> {
  const { now, aggregates } = moneyKeysOf(change);
  const refetch = (queryKeys: readonly QueryKey[]) =>
    Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  // What each aggregate said before the write (TanStack keeps an equal answer's reference,
  // so any new reference is a change).
  const before = aggregates.map((queryKey) => ({
    queryKey,
    data: new Map(queryClient.getQueriesData({ queryKey }).map(([key, data]) => [JSON.stringify(key), data])),
  }));
  const changed = ({ queryKey, data }: (typeof before)[number]) =>
    queryClient
      .getQueriesData({ queryKey })
      .some(([key, value]) => data.has(JSON.stringify(key)) && data.get(JSON.stringify(key)) !== value);
  let waiting = before.filter((b) => b.data.size > 0);
  const poll = (elapsed: number) => {
    waiting = waiting.filter((b) => !changed(b));
    if (waiting.length === 0 || elapsed >= LEDGER_POLL_FOR_MS) return;
    void refetch(waiting.map((b) => b.queryKey)).then(() =>
      schedule(() => poll(elapsed + LEDGER_POLL_MS), LEDGER_POLL_MS),
    );
  };
  return refetch([...now, ...aggregates]).then((result) => {
    schedule(() => poll(LEDGER_POLL_MS), LEDGER_POLL_MS);
    return result;
  });
}

/** `invalidateMoney` bound to the app's QueryClient, for a mutation's onSettled. */
export function useInvalidateMoney(): (change: MoneyChange) => Promise<unknown> {
  const queryClient = useQueryClient();
  return (change) => invalidateMoney(queryClient, change);
}
