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
 * When the aggregates are asked again after a money write (ms). The ledger's consumer
 * applies a change within a second on AWS (no batching window) and within ~100 ms locally
 * (the stream poller); the later asks cover a slow moment. Only queries on screen refetch.
 */
export const LEDGER_CATCH_UP_MS = [500, 1_500, 4_000] as const;

/** What invalidating needs of TanStack's QueryClient (tests pass their own). */
export interface MoneyInvalidator {
  invalidateQueries(filters: { queryKey: QueryKey }): Promise<unknown>;
}

/**
 * Refetches every figure the change moves: now, and the aggregates again while the ledger
 * catches up, so a balance never shows what was owed before a sale or a payment (paying
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
  for (const ms of LEDGER_CATCH_UP_MS) schedule(() => void refetch(aggregates), ms);
  return refetch([...now, ...aggregates]);
}

/** `invalidateMoney` bound to the app's QueryClient, for a mutation's onSettled. */
export function useInvalidateMoney(): (change: MoneyChange) => Promise<unknown> {
  const queryClient = useQueryClient();
  return (change) => invalidateMoney(queryClient, change);
}
