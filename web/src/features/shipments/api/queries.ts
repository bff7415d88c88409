import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  associateShipment,
  createShipment,
  deleteShipment,
  listBookings,
  listMyItems,
  listSales,
  listShipments,
  updateShipment,
  type ApiCall,
  type Shipment,
  type ShipmentCreate,
  type ShipmentLink,
  type ShipmentLinkKind,
  type ShipmentUpdate,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';

/** Which shipments a list shows: all, the unassociated ones, or those linked to one record. */
export type ShipmentsScope =
  { kind: 'all' } | { kind: 'unassociated' } | { kind: 'linked'; link: ShipmentLink };

/** The first element is what the realtime `invalidate` frames name. */
export const shipmentKeys = {
  all: ['shipments'] as const,
  lists: () => ['shipments', 'list'] as const,
  list: (scope: ShipmentsScope) =>
    scope.kind === 'linked'
      ? (['shipments', 'list', 'linked', scope.link.kind, scope.link.id] as const)
      : (['shipments', 'list', scope.kind] as const),
  candidates: (kind: ShipmentLinkKind) => ['shipments', 'candidates', kind] as const,
};

export const SHIPMENTS_PAGE_SIZE = 50;

function scopeQuery(scope: ShipmentsScope) {
  if (scope.kind === 'unassociated') return { unassociated: 'true' as const };
  if (scope.kind === 'linked') return { linkKind: scope.link.kind, linkId: scope.link.id };
  return {};
}

export function shipmentsListOptions(api: ApiCall, scope: ShipmentsScope) {
  return cursorPagesOptions({
    queryKey: shipmentKeys.list(scope),
    fetchPage: (cursor, signal) =>
      api(listShipments, { query: { ...scopeQuery(scope), cursor, limit: SHIPMENTS_PAGE_SIZE }, signal }),
  });
}

export function useShipments(scope: ShipmentsScope) {
  const api = useApi();
  return useInfiniteQuery(shipmentsListOptions(api, scope));
}

/** A record a shipment can be linked to, as the item selection modal lists it. */
export interface LinkCandidate {
  id: string;
  /** What the row shows and what the shipment keeps as its link label. */
  title: string;
  detail: string;
  /** Lower-cased text the search box matches. */
  search: string;
}

const CANDIDATES_PAGE_SIZE = 100;

/**
 * The store's records of one kind through their own contracts (lists.listMine for inventory
 * and WTB, crm.bookings.list, commerce.sales.list), one page of the newest.
 */
export function linkCandidatesOptions(api: ApiCall, kind: ShipmentLinkKind) {
  return queryOptions({
    queryKey: shipmentKeys.candidates(kind),
    queryFn: async ({ signal }): Promise<LinkCandidate[]> => {
      if (kind === 'booking') {
        const { bookings } = await api(listBookings, { query: { limit: CANDIDATES_PAGE_SIZE }, signal });
        return bookings.map((b) =>
          candidate(b.id, `${b.itemName} · ${b.size}`, `${b.client.name} · ${b.itemSku}`),
        );
      }
      if (kind === 'sale') {
        const { sales } = await api(listSales, { query: { limit: CANDIDATES_PAGE_SIZE }, signal });
        return sales.map((s) => candidate(s.id, `${s.name} · ${s.size}`, `${s.buyerName} · ${s.saleDate}`));
      }
      const { items } = await api(listMyItems, {
        query: { listType: kind, limit: CANDIDATES_PAGE_SIZE },
        signal,
      });
      return items.map((i) => candidate(i.id, i.name, `${i.sku} · ${i.sizes.join(', ')}`));
    },
  });
}

function candidate(id: string, title: string, detail: string): LinkCandidate {
  return { id, title, detail, search: `${title} ${detail}`.toLowerCase() };
}

export function useLinkCandidates(kind: ShipmentLinkKind, enabled = true) {
  const api = useApi();
  return useQuery({ ...linkCandidatesOptions(api, kind), enabled });
}

/** Every list may hold the shipment (all, unassociated, linked): refetch them all, failed calls too. */
function useShipmentsSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() });
}

export function useCreateShipment() {
  const api = useApi();
  const settled = useShipmentsSettled();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: ShipmentCreate; idempotencyKey: string }) =>
      (await api(createShipment, { body, idempotencyKey })).shipment,
    onSettled: settled,
  });
}

export function useUpdateShipment() {
  const api = useApi();
  const settled = useShipmentsSettled();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ShipmentUpdate }) =>
      (await api(updateShipment, { params: { shipmentId: id }, body })).shipment,
    onSettled: settled,
  });
}

export function useAssociateShipment() {
  const api = useApi();
  const settled = useShipmentsSettled();
  return useMutation({
    mutationFn: async ({ id, link }: { id: string; link: ShipmentLink }): Promise<Shipment> =>
      (await api(associateShipment, { params: { shipmentId: id }, body: link })).shipment,
    onSettled: settled,
  });
}

export function useDeleteShipment() {
  const api = useApi();
  const settled = useShipmentsSettled();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(deleteShipment, { params: { shipmentId: id } });
      return id;
    },
    onSettled: settled,
  });
}
