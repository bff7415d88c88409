import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { nullKeys } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { clientEntity, clientKey } from '../clients/client-entity';
import { createClientsRepository } from '../clients/repository';
import { bookingEntity, bookingKey, type BookingItem } from './booking-entity';
import type { BookingRecord, BookingsRepository, StoreProfile } from './ports';

const DEFAULT_PAGE = 25;
/** Only what the shared page and the booking emails show. */
const PROFILE_FIELDS = [
  'businessName',
  'contactEmail',
  'phone',
  'instagramHandle',
  'location',
  'language',
  'currency',
] as const;
const BOOKING_NULLABLE = ['itemImageUrl', 'productVariantId', 'notes'] as const;

const toBookingRecord = (row: BookingItem): BookingRecord => toRecord(bookingEntity.schema, row);

/** What an update may change: everything but the keys, shareId and createdAt. */
const bookingChanges = ({
  storeUserId: _store,
  clientId: _client,
  bookingId: _booking,
  shareId: _share,
  createdAt: _created,
  ...changes
}: BookingRecord) => toRow(changes);

/**
 * Access patterns (see README): lists are Queries on gsi1/gsi2 newest first; the shared
 * page a Query on gsi3; everything else GetItem or TransactWriteItems. No Scan. A booking
 * shows its client as it is now: those reads are the clients area's.
 */
export function createBookingsRepository(client: DocumentClient, table: string): BookingsRepository {
  const service = new Service(
    {
      clients: clientEntity,
      bookings: bookingEntity,
      idempotency: idempotencyEntity,
      profiles: profileView,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { bookings, profiles } = service.entities;
  const { getClient, getClients } = createClientsRepository(client, table);

  return {
    getClient,
    getClients,
    async listBookings(storeUserId, status, page) {
      return status
        ? queryPage(
            page,
            { index: 'gsi2', defaultLimit: DEFAULT_PAGE },
            (go) => bookings.query.byStatus({ storeUserId, status }).go({ order: 'desc', ...go }),
            toBookingRecord,
          )
        : queryPage(
            page,
            { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
            (go) => bookings.query.byStore({ storeUserId }).go({ order: 'desc', ...go }),
            toBookingRecord,
          );
    },
    async getBooking(storeUserId, bookingId) {
      // The sort key condition is a prefix match: keep only the exact id.
      const { data } = await bookings.query.byStore({ storeUserId, bookingId }).go({ limit: 1 });
      const row = data.find((d) => d.bookingId === bookingId);
      return row ? toBookingRecord(row) : null;
    },
    async getBookingByKey(storeUserId, clientId, bookingId) {
      const { data } = await bookings.get({ storeUserId, clientId, bookingId }).go({ consistent: true });
      return data ? toBookingRecord(data) : null;
    },
    async getBookingByShareId(shareId) {
      const { data } = await bookings.query.byShare({ shareId }).go({ limit: 1 });
      const row = data.find((d) => d.shareId === shareId);
      return row ? toBookingRecord(row) : null;
    },
    async createBooking(record, claim, event) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ idempotency, clients: c, bookings: b, outbox }) => [
              idempotency.create(claim).commit(),
              // A patch requires the row: a deleted or foreign client fails here.
              c.patch(clientKey(record)).add({ bookingCount: 1 }).commit(),
              b.create(toRow(record)).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate', 'client_not_found'],
      );
      return outcome === 'committed' ? 'created' : outcome;
    },
    async updateBooking(previous, next, event) {
      const removed = nullKeys(next, BOOKING_NULLABLE);
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ bookings: b, outbox }) => {
              const patch = b.patch(bookingKey(previous)).set(bookingChanges(next));
              return [
                (removed.length ? patch.remove(removed) : patch)
                  .where(({ version }, { eq }) => eq(version, previous.version))
                  .commit(),
                ...(event ? [outbox.create(outboxItem(event)).commit()] : []),
              ];
            })
            .go(),
        ['stale'],
      );
      return outcome === 'committed' ? 'updated' : outcome;
    },
    async deleteBooking(record) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ bookings: b, clients: c }) => [
              b.remove(bookingKey(record)).commit(),
              c.patch(clientKey(record)).add({ bookingCount: -1 }).commit(),
            ])
            .go(),
        ['gone', 'gone'],
      );
      return outcome === 'committed';
    },
    async requestInformation(record, event) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ bookings: b, outbox }) => [
              b
                .check(bookingKey(record))
                .where(({ bookingId }, { exists }) => exists(bookingId))
                .commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['gone'],
      );
      return outcome === 'committed';
    },
    async getStoreProfile(storeUserId): Promise<StoreProfile | null> {
      const { data } = await profiles.get({ userId: storeUserId }).go({ attributes: [...PROFILE_FIELDS] });
      if (!data) return null;
      // A projection of the profiles service's row, not a record of ours: a blank phone (the
      // profile form allows one) is no phone on the shared page.
      return {
        businessName: data.businessName,
        contactEmail: data.contactEmail,
        phone: data.phone.trim() ? data.phone : null,
        instagramHandle: data.instagramHandle ?? null,
        location: data.location,
        language: data.language,
        currency: data.currency,
      };
    },
  };
}
