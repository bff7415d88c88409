import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyPricingRun,
  createPricingStrategy,
  deletePricingStrategy,
  getPricingRun,
  listItemPriceHistory,
  listMyItems,
  PUBLIC_PAGE_SIZE_MAX,
  listPricingRunRows,
  listPricingRuns,
  listPricingStrategies,
  previewPricingStrategy,
  undoPricingRun,
  updatePricingStrategy,
  type ApiCall,
  type Item,
  type PricingRun,
  type PricingStrategy,
  type PricingStrategyInput,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { fetchAllPages } from '../../../lib/page-items';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';
import type { RowFilter } from '../model/rows';

/** Every key starts with 'pricing': a write refetches the whole section. */
export const pricingKeys = {
  all: ['pricing'] as const,
  strategies: ['pricing', 'strategies'] as const,
  runs: ['pricing', 'runs'] as const,
  run: (runId: string) => ['pricing', 'run', runId] as const,
  rows: (runId: string, filter: RowFilter) => ['pricing', 'run', runId, 'rows', filter] as const,
  itemHistory: (itemId: string) => ['pricing', 'item-history', itemId] as const,
  myItems: (listTypes: readonly string[]) => ['pricing', 'my-items', ...listTypes] as const,
};

export const RUNS_PAGE_SIZE = 25;
export const ROWS_PAGE_SIZE = 50;
export const HISTORY_PAGE_SIZE = 20;

export function useStrategies() {
  const api = useApi();
  return useQuery({
    queryKey: pricingKeys.strategies,
    queryFn: async ({ signal }) => (await api(listPricingStrategies, { signal })).strategies,
  });
}

export function runsOptions(api: ApiCall) {
  return cursorPagesOptions({
    queryKey: pricingKeys.runs,
    fetchPage: (cursor, signal) => api(listPricingRuns, { query: { cursor, limit: RUNS_PAGE_SIZE }, signal }),
  });
}

export function useRuns() {
  const api = useApi();
  return useInfiniteQuery(runsOptions(api));
}

export function useRun(runId: string) {
  const api = useApi();
  return useQuery({
    queryKey: pricingKeys.run(runId),
    queryFn: async ({ signal }) => (await api(getPricingRun, { params: { runId }, signal })).run,
  });
}

export function useRunRows(runId: string, filter: RowFilter) {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions({
      queryKey: pricingKeys.rows(runId, filter),
      fetchPage: (cursor, signal) =>
        api(listPricingRunRows, {
          params: { runId },
          query: { filter, cursor, limit: ROWS_PAGE_SIZE },
          signal,
        }),
    }),
  );
}

export function useItemPriceHistory(itemId: string) {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions({
      queryKey: pricingKeys.itemHistory(itemId),
      fetchPage: (cursor, signal) =>
        api(listItemPriceHistory, {
          params: { itemId },
          query: { cursor, limit: HISTORY_PAGE_SIZE },
          signal,
        }),
    }),
  );
}

/**
 * The caller's items of these lists, for the editor's single-items picker: every page, read
 * only once the user searches (a strategy's own selection reads nothing of the lists).
 */
export function useMyItems(listTypes: readonly Item['listType'][], enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: pricingKeys.myItems(listTypes),
    enabled: enabled && listTypes.length > 0,
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        listTypes.map((listType) =>
          fetchAllPages(
            (cursor) =>
              api(listMyItems, { query: { listType, cursor, limit: PUBLIC_PAGE_SIZE_MAX }, signal }),
            (page) => page.items,
          ),
        ),
      );
      return lists.flat();
    },
  });
}

export interface SaveStrategy {
  /** The strategy being edited; absent for a new one. */
  existing?: Pick<PricingStrategy, 'id' | 'version'>;
  input: PricingStrategyInput;
  idempotencyKey: string;
}

export function useSaveStrategy() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ existing, input, idempotencyKey }: SaveStrategy) =>
      existing
        ? (
            await api(updatePricingStrategy, {
              params: { strategyId: existing.id },
              body: { ...input, version: existing.version },
            })
          ).strategy
        : (await api(createPricingStrategy, { body: input, idempotencyKey })).strategy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.strategies }),
  });
}

export function useDeleteStrategy() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (strategyId: string) => api(deletePricingStrategy, { params: { strategyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.strategies }),
  });
}

export function usePreviewStrategy() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (strategyId: string) =>
      (await api(previewPricingStrategy, { params: { strategyId } })).run,
    onSuccess: (run: PricingRun) => {
      queryClient.setQueryData(pricingKeys.run(run.id), run);
      void queryClient.invalidateQueries({ queryKey: pricingKeys.runs });
      void queryClient.invalidateQueries({ queryKey: pricingKeys.strategies });
    },
  });
}

/** What Apply sends: every changed row but the unticked ones, or the ticked ones. */
export type ApplySelection = { all: true; except: string[] } | { itemIds: string[] };

/** Applied or undone prices are the lists' prices: the inventory and lists refetch too. */
type RunWriteResult = { run: PricingRun; skipped: { itemId: string; reason: string }[] };

function useRunWrite<TVars>(call: (api: ApiCall, vars: TVars) => Promise<RunWriteResult>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => call(api, vars),
    onSuccess: ({ run }) => {
      queryClient.setQueryData(pricingKeys.run(run.id), run);
      void queryClient.invalidateQueries({ queryKey: pricingKeys.all });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.items() });
    },
  });
}

export function useApplyRun() {
  return useRunWrite(
    (
      api,
      {
        runId,
        selection,
        idempotencyKey,
      }: { runId: string; selection: ApplySelection; idempotencyKey: string },
    ) => api(applyPricingRun, { params: { runId }, body: selection, idempotencyKey }),
  );
}

export function useUndoRun() {
  return useRunWrite((api, { runId, idempotencyKey }: { runId: string; idempotencyKey: string }) =>
    api(undoPricingRun, { params: { runId }, idempotencyKey }),
  );
}
