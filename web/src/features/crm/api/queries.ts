import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  CRM_PAGE_SIZE_MAX,
  createBooking,
  createClient,
  createItem,
  deleteBooking,
  deleteClient,
  getBooking,
  getClient,
  getSharedBooking,
  importClients,
  listBookings,
  listClients,
  listMyItems,
  PUBLIC_PAGE_SIZE_MAX,
  sendBookingInformation,
  updateBooking,
  updateClient,
  type ApiCall,
  type Booking,
  type BookingCreate,
  type BookingStatus,
  type BookingUpdate,
  type Client,
  type ClientCreate,
  type ClientUpdate,
  type Item,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { fetchAllPages } from '../../../lib/page-items';
import { useInvalidateMoney } from '../../../lib/money-queries';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { wtbFromBooking } from '../model/bookings';

/** The first element is what the realtime `invalidate` frames name. */
export const clientKeys = {
  all: sharedQueryKeys.clients(),
  list: () => ['crm.clients', 'list'] as const,
  everything: () => ['crm.clients', 'all-pages'] as const,
  one: (id: string) => ['crm.clients', 'one', id] as const,
};

export const bookingKeys = {
  all: sharedQueryKeys.bookings(),
  list: (status: BookingStatus | 'all') => ['crm.bookings', 'list', status] as const,
  one: (id: string) => ['crm.bookings', 'one', id] as const,
  shared: (shareId: string) => ['crm.bookings', 'shared', shareId] as const,
};

/** The lists' query keys start with 'items' (a WTB item made from a booking lands there). */
const ITEMS_KEY = ['items'] as const;
/** Which booking each WTB item was made from (under 'items', so item changes refresh it). */
const WTB_BY_BOOKING_KEY = ['items', 'crm', 'wtb-by-booking'] as const;
type WtbByBooking = Record<string, string>;

export const CLIENTS_PAGE_SIZE = 50;
export const BOOKINGS_PAGE_SIZE = 50;

export function clientsOptions(api: ApiCall) {
  return cursorPagesOptions({
    queryKey: clientKeys.list(),
    fetchPage: (cursor, signal) => api(listClients, { query: { cursor, limit: CLIENTS_PAGE_SIZE }, signal }),
  });
}

export function useClients() {
  const api = useApi();
  return useInfiniteQuery(clientsOptions(api));
}

/** Every client of the store, page by page (CSV export, the booking form's client picker). */
export function fetchAllClients(api: ApiCall, signal?: AbortSignal): Promise<Client[]> {
  return fetchAllPages(
    (cursor) => api(listClients, { query: { cursor, limit: CRM_PAGE_SIZE_MAX }, signal }),
    (page) => page.clients,
  );
}

export function useAllClients(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: clientKeys.everything(),
    enabled,
    queryFn: ({ signal }) => fetchAllClients(api, signal),
  });
}

export function useClient(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: clientKeys.one(id),
    queryFn: ({ signal }) => api(getClient, { params: { clientId: id }, signal }),
  });
}

export function useSaveClient(id?: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClientCreate) => {
      if (!id) return (await api(createClient, { body })).client;
      const changes: ClientUpdate = body;
      return (await api(updateClient, { params: { clientId: id }, body: changes })).client;
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        // Bookings carry the client as it is now.
        ...(id ? [queryClient.invalidateQueries({ queryKey: bookingKeys.all })] : []),
      ]);
    },
  });
}

export function useDeleteClient() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteClient, { params: { clientId: id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.one(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      ]);
    },
  });
}

export function useImportClients() {
  const api = useApi();
  return useMutation({
    mutationFn: (rows: Record<string, unknown>[]) => api(importClients, { body: { rows } }),
  });
}

export function bookingsOptions(api: ApiCall, status: BookingStatus | 'all') {
  return cursorPagesOptions({
    queryKey: bookingKeys.list(status),
    placeholderData: keepPreviousData,
    fetchPage: (cursor, signal) =>
      api(listBookings, {
        query: { ...(status === 'all' ? {} : { status }), cursor, limit: BOOKINGS_PAGE_SIZE },
        signal,
      }),
  });
}

export function useBookings(status: BookingStatus | 'all') {
  const api = useApi();
  return useInfiniteQuery(bookingsOptions(api, status));
}

export function useBooking(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: bookingKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      (await api(getBooking, { params: { bookingId: id ?? '' }, signal })).booking,
  });
}

export function useSharedBooking(shareId: string) {
  const api = useApi();
  return useQuery({
    queryKey: bookingKeys.shared(shareId),
    retry: false,
    queryFn: async ({ signal }) => (await api(getSharedBooking, { params: { shareId }, signal })).booking,
  });
}

function useInvalidateBookings() {
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  return (booking?: Booking) => {
    if (booking) queryClient.setQueryData(bookingKeys.one(booking.id), booking);
    // The bookings, the client detail (its bookings) and the overview's deposits held: a
    // deposit taken, changed or refunded (a cancelled or deleted booking) moves them all.
    return invalidateMoney({ kind: 'deposit' });
  };
}

export function useCreateBooking() {
  const api = useApi();
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: BookingCreate; idempotencyKey: string }) =>
      (await api(createBooking, { body, idempotencyKey })).booking,
    onSuccess: (booking) => invalidate(booking),
  });
}

export function useUpdateBooking(id: string) {
  const api = useApi();
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: async (body: BookingUpdate) =>
      (await api(updateBooking, { params: { bookingId: id }, body })).booking,
    onSuccess: (booking) => invalidate(booking),
  });
}

export function useDeleteBooking() {
  const api = useApi();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (id: string) => api(deleteBooking, { params: { bookingId: id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: bookingKeys.one(id) });
      return invalidate();
    },
  });
}

export function useSendBookingInformation() {
  const api = useApi();
  return useMutation({
    mutationFn: (id: string) => api(sendBookingInformation, { params: { bookingId: id } }),
  });
}

/**
 * The id of the WTB item already made from the booking (undefined while unknown or none), so
 * the booking offers to open it instead of making another one.
 */
export function useWtbItemOfBooking(bookingId: string) {
  const api = useApi();
  return useQuery({
    queryKey: WTB_BY_BOOKING_KEY,
    queryFn: async ({ signal }): Promise<WtbByBooking> => {
      const items = await fetchAllPages(
        (cursor) =>
          api(listMyItems, { query: { listType: 'wtb', cursor, limit: PUBLIC_PAGE_SIZE_MAX }, signal }),
        (page) => page.items,
      );
      const links: WtbByBooking = {};
      for (const item of items) if (item.bookingId) links[item.bookingId] ??= item.id;
      return links;
    },
    select: (links) => links[bookingId],
  });
}

export interface CreateWtbInput {
  booking: Booking;
  /** What the store confirmed (cents), or null for no target price. */
  targetPrice: number | null;
  idempotencyKey: string;
}

/**
 * Publishes the booking's WTB item. The lists service makes at most one per booking: when
 * the booking already has one it answers that item with `created: false`.
 */
export function useCreateWtbFromBooking() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, targetPrice, idempotencyKey }: CreateWtbInput) =>
      api(createItem, { body: wtbFromBooking(booking, targetPrice), idempotencyKey }),
    onSuccess: ({ item }: { item: Item; created: boolean }, { booking }) => {
      queryClient.setQueryData<WtbByBooking>(WTB_BY_BOOKING_KEY, (links) => ({
        ...links,
        [booking.id]: item.id,
      }));
      queryClient.setQueryData(['items', 'one', item.id], item);
      // The link just learnt stays: a list read right after the write may not show it yet.
      return queryClient.invalidateQueries({
        queryKey: ITEMS_KEY,
        predicate: (query) => query.queryKey[1] !== WTB_BY_BOOKING_KEY[1],
      });
    },
  });
}
