import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listMyItems,
  exportSales,
  getSale,
  listSales,
  salesDac7,
  updateSale,
  type ApiCall,
  type Sale,
  type SaleUpdate,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { fetchAllPages } from '../../../lib/page-items';
import { inventorySellTarget } from '../../../lib/sell-target';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';
import type { DateRange } from '../model/period';

/** The first element is what the realtime `invalidate` frames name. */
export const saleKeys = {
  all: sharedQueryKeys.sales(),
  lists: () => ['sales', 'list'] as const,
  list: (range: DateRange) => ['sales', 'list', range.from ?? '', range.to ?? ''] as const,
  one: (id: string) => ['sales', 'one', id] as const,
  dac7: (year: number) => ['sales', 'dac7', year] as const,
};

export const SALES_PAGE_SIZE = 50;

export function salesListOptions(api: ApiCall, range: DateRange) {
  return cursorPagesOptions({
    queryKey: saleKeys.list(range),
    fetchPage: (cursor, signal) =>
      api(listSales, { query: { ...range, cursor, limit: SALES_PAGE_SIZE }, signal }),
  });
}

export function saleOptions(api: ApiCall, id: string) {
  return queryOptions({
    queryKey: saleKeys.one(id),
    queryFn: async ({ signal }) => (await api(getSale, { params: { saleId: id }, signal })).sale,
  });
}

export function dac7Options(api: ApiCall, year: number) {
  return queryOptions({
    queryKey: saleKeys.dac7(year),
    queryFn: ({ signal }) => api(salesDac7, { query: { year }, signal }),
  });
}

export function useSales(range: DateRange) {
  const api = useApi();
  return useInfiniteQuery(salesListOptions(api, range));
}

export function useSale(id: string) {
  const api = useApi();
  return useQuery(saleOptions(api, id));
}

export function useDac7(year: number) {
  const api = useApi();
  return useQuery(dac7Options(api, year));
}

export function useUpdateSale(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaleUpdate) => (await api(updateSale, { params: { saleId: id }, body })).sale,
    onSuccess: (sale: Sale) => {
      queryClient.setQueryData(saleKeys.one(sale.id), sale);
      return queryClient.invalidateQueries({ queryKey: saleKeys.lists() });
    },
  });
}

/** The period's CSV as the server writes it (its file name included). */
export function useExportSales() {
  const api = useApi();
  return useMutation({
    mutationFn: (range: { from: string; to: string }) => api(exportSales, { query: range }),
  });
}

/**
 * The pair picker's choices: every unsold inventory pair with a size left, newest first. Under
 * the items' key, so a sale, an edit or a new pair (which invalidate ['items']) refreshes it.
 */
export function useSellablePairs(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['items', 'sell-picker'] as const,
    enabled,
    queryFn: async ({ signal }) =>
      (
        await fetchAllPages(
          (cursor) => api(listMyItems, { query: { listType: 'inventory', cursor, limit: 100 }, signal }),
          (page) => page.items,
        )
      ).filter((item) => inventorySellTarget(item) !== null),
  });
}
