import { fixedClock } from '@sneakers/shared/clock';
import { sequenceIds } from '@sneakers/shared/ids';
import type { StoredIdempotency } from '@sneakers/shared/idempotency/idempotency';
import type { BookingRecord, BookingsDeps, CrmEvent, StoreProfile } from '../../src/bookings/ports';
import type { ClientRecord, ClientsDeps } from '../../src/clients/ports';

/** In-memory ports with the store's semantics (marker uniqueness, conditional writes, counts). */
export function memoryDeps(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  const clients = new Map<string, ClientRecord>();
  const emails = new Map<string, string>();
  const bookings = new Map<string, BookingRecord>();
  const keys = new Map<string, StoredIdempotency>();
  const profiles = new Map<string, StoreProfile>();
  const events: CrmEvent[] = [];
  const ck = (store: string, id: string) => `${store}#${id}`;
  const clone = <T>(v: T): T => structuredClone(v);
  const newestClient = (a: ClientRecord, b: ClientRecord) => b.clientId.localeCompare(a.clientId);
  const newestBooking = (a: BookingRecord, b: BookingRecord) => b.bookingId.localeCompare(a.bookingId);

  /** One set of ports serves both areas' use cases, as one table does. */
  const deps: ClientsDeps & BookingsDeps = {
    clock,
    ids: sequenceIds('id'),
    shareIds: sequenceIds('share-token-abcdef'),
    idempotency: { get: async (scope, key) => clone(keys.get(ck(scope, key)) ?? null) },
    repo: {
      listClients: async (store) => ({
        items: [...clients.values()]
          .filter((c) => c.storeUserId === store)
          .sort(newestClient)
          .map(clone),
        cursor: null,
      }),
      getClient: async (store, id) => clone(clients.get(ck(store, id)) ?? null),
      getClients: async (store, ids) =>
        ids.flatMap((id) => (clients.has(ck(store, id)) ? [clone(clients.get(ck(store, id))!)] : [])),
      getClientDetail: async (store, id) => {
        const client = clients.get(ck(store, id));
        if (!client) return null;
        return {
          client: clone(client),
          bookings: [...bookings.values()]
            .filter((b) => b.storeUserId === store && b.clientId === id)
            .map(clone),
        };
      },
      findClientIdByEmail: async (store, email) => emails.get(ck(store, email)) ?? null,
      createClient: async (record) => {
        if (emails.has(ck(record.storeUserId, record.email))) return 'email_taken';
        emails.set(ck(record.storeUserId, record.email), record.clientId);
        clients.set(ck(record.storeUserId, record.clientId), clone(record));
        return 'created';
      },
      updateClient: async (previous, next) => {
        const current = clients.get(ck(previous.storeUserId, previous.clientId));
        if (!current || current.email !== previous.email) return 'stale';
        if (previous.email !== next.email) {
          if (next.email && emails.has(ck(next.storeUserId, next.email))) return 'email_taken';
          emails.delete(ck(previous.storeUserId, previous.email));
          if (next.email) emails.set(ck(next.storeUserId, next.email), next.clientId);
        }
        clients.set(ck(next.storeUserId, next.clientId), {
          ...clone(next),
          bookingCount: current.bookingCount,
        });
        return 'updated';
      },
      deleteClient: async (store, id) => {
        const client = clients.get(ck(store, id));
        if (!client) return null;
        let bookingsDeleted = 0;
        for (const [k, b] of bookings)
          if (b.storeUserId === store && b.clientId === id) {
            bookings.delete(k);
            bookingsDeleted++;
          }
        clients.delete(ck(store, id));
        emails.delete(ck(store, client.email));
        return { bookingsDeleted };
      },
      listBookings: async (store, status) => ({
        items: [...bookings.values()]
          .filter((b) => b.storeUserId === store && (!status || b.status === status))
          .sort(newestBooking)
          .map(clone),
        cursor: null,
      }),
      getBooking: async (store, id) => {
        const b = bookings.get(id);
        return b && b.storeUserId === store ? clone(b) : null;
      },
      getBookingByKey: async (store, clientId, id) => {
        const b = bookings.get(id);
        return b && b.storeUserId === store && b.clientId === clientId ? clone(b) : null;
      },
      getBookingByShareId: async (shareId) =>
        clone([...bookings.values()].find((b) => b.shareId === shareId) ?? null),
      createBooking: async (record, { ttl: _ttl, ...claim }, event) => {
        if (keys.has(ck(claim.scope, claim.key))) return 'duplicate';
        const client = clients.get(ck(record.storeUserId, record.clientId));
        if (!client) return 'client_not_found';
        keys.set(ck(claim.scope, claim.key), clone(claim));
        client.bookingCount++;
        bookings.set(record.bookingId, clone(record));
        events.push(event);
        return 'created';
      },
      updateBooking: async (previous, next, event) => {
        const current = bookings.get(previous.bookingId);
        if (!current || current.version !== previous.version) return 'stale';
        bookings.set(next.bookingId, clone(next));
        if (event) events.push(event);
        return 'updated';
      },
      deleteBooking: async (record) => {
        if (!bookings.delete(record.bookingId)) return false;
        clients.get(ck(record.storeUserId, record.clientId))!.bookingCount--;
        return true;
      },
      requestInformation: async (record, event) => {
        if (!bookings.has(record.bookingId)) return false;
        events.push(event);
        return true;
      },
      getStoreProfile: async (store) => clone(profiles.get(store) ?? null),
    },
  };
  return { deps, clock, clients, emails, bookings, keys, profiles, events };
}
