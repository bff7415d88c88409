import { useMutation, useQuery } from '@tanstack/react-query';
import { createSale, listClients, type SaleCreate } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { useInvalidateMoney } from '../../../lib/money-queries';
import type { SellTarget } from '../../../lib/widget-slots/sell-dialog';

/** Codes the dialog explains in its own words. */
export const CONFLICTS = [
  'ITEM_NOT_AVAILABLE',
  'CONSIGNMENT_NOT_IN_STOCK',
  'ITEM_NOT_FOUND',
  'CONSIGNMENT_NOT_FOUND',
  'VIRTUAL_PRODUCT_NOT_FOUND',
  'CLIENT_NOT_FOUND',
] as const;

/** Records the sale; every figure it moves refetches (lib/money-queries.ts). */
export function useRecordSale(target: SellTarget) {
  const api = useApi();
  const invalidateMoney = useInvalidateMoney();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: SaleCreate; idempotencyKey: string }) =>
      (await api(createSale, { body, idempotencyKey })).sale,
    // Settled, not only on success: a 409 means the stock changed under this tab.
    onSettled: () => invalidateMoney({ kind: 'sale', providerId: target.providerId ?? null }),
  });
}

/** The buyers the dialog offers. */
export function useClientChoices() {
  const api = useApi();
  return useQuery({
    // Under the CRM's key: a client added or renamed there refreshes the picker.
    queryKey: ['crm.clients', 'sell-picker'],
    // The first 100 clients, by name: a store picks among its regulars; others go by name.
    queryFn: async ({ signal }) =>
      [...(await api(listClients, { query: { limit: 100 }, signal })).clients].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
  });
}
