import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { invalidateMoney, LEDGER_POLL_FOR_MS, LEDGER_POLL_MS, type MoneyChange } from './money-queries';

/**
 * Every money figure on screen, by the query that holds it, as its owning feature keys it
 * (written out here, not built from the shared keys, so a key that drifts fails).
 */
const FIGURES = {
  providerBalanceCard: ['payments', 'balances'],
  providerConsignments: ['providers', 'consignments', 'pr-1'],
  otherProviderConsignments: ['providers', 'consignments', 'pr-2'],
  payDialogPayable: ['payments', 'payable', 'pr-1'],
  paymentsMade: ['payments', 'list', 'all'],
  overviewTotals: ['overview', '30d', 'default'],
  salesList: ['sales', 'list', '', ''],
  saleDetail: ['sales', 'one', 's-1'],
  inventoryItem: ['items', 'one', 'i-1'],
  virtualProductSold: ['virtual-products', 'one', 'v-1'],
  bookingDeposit: ['crm.bookings', 'one', 'b-1'],
  clientBookings: ['crm.clients', 'one', 'c-1'],
  orderDetail: ['orders', 'one', 'o-1'],
} satisfies Record<string, QueryKey>;
type Figure = keyof typeof FIGURES;

/** Which figures each money-changing action moves (docs/product/commerce.md). */
const MATRIX: Array<{ change: MoneyChange; moves: Figure[]; aggregates: Figure[] }> = [
  {
    change: { kind: 'sale', providerId: 'pr-1' },
    moves: [
      'providerBalanceCard',
      'providerConsignments',
      'payDialogPayable',
      'overviewTotals',
      'salesList',
      'saleDetail',
      'inventoryItem',
      'virtualProductSold',
    ],
    aggregates: ['providerBalanceCard', 'overviewTotals'],
  },
  {
    change: { kind: 'sale' },
    moves: [
      'providerBalanceCard',
      'overviewTotals',
      'salesList',
      'saleDetail',
      'inventoryItem',
      'virtualProductSold',
    ],
    aggregates: ['providerBalanceCard', 'overviewTotals'],
  },
  {
    change: { kind: 'consignmentSold', providerId: 'pr-1' },
    moves: ['providerBalanceCard', 'providerConsignments', 'payDialogPayable', 'overviewTotals'],
    aggregates: ['providerBalanceCard', 'overviewTotals'],
  },
  {
    change: { kind: 'payment', providerId: 'pr-1' },
    moves: [
      'providerBalanceCard',
      'providerConsignments',
      'payDialogPayable',
      'paymentsMade',
      'overviewTotals',
    ],
    aggregates: ['providerBalanceCard', 'overviewTotals'],
  },
  {
    change: { kind: 'deposit' },
    moves: ['bookingDeposit', 'clientBookings', 'overviewTotals'],
    aggregates: ['overviewTotals'],
  },
  {
    change: { kind: 'fulfilment' },
    moves: ['orderDetail', 'salesList', 'saleDetail', 'overviewTotals'],
    aggregates: ['overviewTotals'],
  },
];

function seeded() {
  const queryClient = new QueryClient();
  for (const key of Object.values(FIGURES)) queryClient.setQueryData(key, { figure: 1 });
  return queryClient;
}

function invalidated(queryClient: QueryClient): Figure[] {
  return (Object.keys(FIGURES) as Figure[]).filter(
    (figure) => queryClient.getQueryState(FIGURES[figure])?.isInvalidated,
  );
}

describe('invalidateMoney', () => {
  it.each(MATRIX)('$change.kind marks exactly the figures it moves stale', async ({ change, moves }) => {
    const queryClient = seeded();
    await invalidateMoney(queryClient, change, () => {});
    expect(invalidated(queryClient).sort()).toEqual([...moves].sort());
  });

  it.each(MATRIX)(
    '$change.kind asks the ledger-backed figures again until they show the write',
    async ({ change, aggregates }) => {
      const queryClient = seeded();
      const later: Array<() => void> = [];
      const schedule = (run: () => void, ms: number) => {
        expect(ms).toBe(LEDGER_POLL_MS);
        later.push(run);
      };
      await invalidateMoney(queryClient, change, schedule);
      const tick = async () => {
        // Fresh but unchanged answers, as while the ledger lags: only the aggregates go stale.
        for (const key of Object.values(FIGURES)) queryClient.setQueryData(key, { figure: 1 });
        later.shift()?.();
        await new Promise((resolve) => setTimeout(resolve, 0));
      };
      await tick();
      expect(invalidated(queryClient).sort()).toEqual([...aggregates].sort());
      await tick();
      expect(invalidated(queryClient).sort()).toEqual([...aggregates].sort());
      // The ledger caught up: the new figures stop the asking.
      for (const figure of aggregates) queryClient.setQueryData(FIGURES[figure], { figure: 2 });
      later.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(later).toHaveLength(0);
    },
  );

  it('stops asking after LEDGER_POLL_FOR_MS when the figures never change', async () => {
    const queryClient = seeded();
    const later: Array<() => void> = [];
    await invalidateMoney(queryClient, { kind: 'payment', providerId: 'pr-1' }, (run) => later.push(run));
    let polls = 0;
    while (later.length > 0) {
      polls += 1;
      later.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(polls).toBe(LEDGER_POLL_FOR_MS / LEDGER_POLL_MS);
  });
});
