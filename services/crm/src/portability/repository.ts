import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { IMPORT_MARK_KEYS } from '@sneakers/shared/table/import-marks';
import { queryPage } from '@sneakers/shared/table/paging';
import { nullKeys } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { bookingEntity, bookingKey, type BookingItem } from '../bookings/booking-entity';
import { clientEmailEntity } from '../clients/client-email-entity';
import { clientEntity, clientKey, type ClientItem } from '../clients/client-entity';
import { createClientsRepository } from '../clients/repository';
import type { BookingRow, ClientRow, CrmPortabilityRepository } from './ports';

const toClientRow = (row: ClientItem): ClientRow => toRecord(clientEntity.schema, row);
const toBookingRow = (row: BookingItem): BookingRow => toRecord(bookingEntity.schema, row);

const CLIENT_NULLABLE = ['instagramHandle', ...IMPORT_MARK_KEYS] as const;
const BOOKING_NULLABLE = ['itemImageUrl', 'productVariantId', 'notes', ...IMPORT_MARK_KEYS] as const;

/** Reads of bookings by id at once (each a Query on gsi1). */
const READ_CONCURRENCY = 10;

/**
 * Access patterns (services/crm/README.md#access-patterns): pages are Queries on gsi1 (the
 * store's clients / bookings), clients and email markers BatchGetItem, a booking by id a
 * Query on gsi1, writes TransactWriteItems conditional on what the import read. No Scan.
 */
export function createCrmPortabilityRepository(
  client: DocumentClient,
  table: string,
): CrmPortabilityRepository {
  const service = new Service(
    { clients: clientEntity, emails: clientEmailEntity, bookings: bookingEntity, profiles: profileView },
    { client, table },
  );
  const { clients, emails, bookings, profiles } = service.entities;
  const clientsRepo = createClientsRepository(client, table);

  return {
    async pageClients(storeUserId, cursor, limit) {
      return queryPage(
        { cursor: cursor ?? undefined, limit },
        { index: 'gsi1', defaultLimit: limit },
        (go) => clients.query.byStore({ storeUserId }).go(go),
        toClientRow,
      );
    },
    async pageBookings(storeUserId, cursor, limit) {
      return queryPage(
        { cursor: cursor ?? undefined, limit },
        { index: 'gsi1', defaultLimit: limit },
        (go) => bookings.query.byStore({ storeUserId }).go(go),
        toBookingRow,
      );
    },
    async getClients(storeUserId, ids) {
      if (ids.length === 0) return [];
      const { data } = await clients.get(ids.map((clientId) => ({ storeUserId, clientId }))).go();
      return data.map(toClientRow);
    },
    async getBookings(storeUserId, ids) {
      const found: BookingRow[] = [];
      const pending = [...new Set(ids)];
      const worker = async () => {
        for (let id = pending.shift(); id; id = pending.shift()) {
          // The sort key condition is a prefix match: keep only the exact id.
          const { data } = await bookings.query.byStore({ storeUserId, bookingId: id }).go({ limit: 1 });
          const row = data.find((d) => d.bookingId === id);
          if (row) found.push(toBookingRow(row));
        }
      };
      await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, pending.length) }, worker));
      return found;
    },
    async findClientIds(storeUserId, list) {
      const unique = [...new Set(list)];
      if (unique.length === 0) return new Map();
      const { data } = await emails
        .get(unique.map((email) => ({ storeUserId, email })))
        .go({ consistent: true });
      return new Map(data.map((m) => [m.email, m.clientId]));
    },
    async createClient(row) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ emails: e, clients: c }) => [
              // A client without an email (a legacy one, brought back) has no marker to claim.
              ...(row.email === ''
                ? []
                : [
                    e
                      .create({ storeUserId: row.storeUserId, email: row.email, clientId: row.clientId })
                      .commit(),
                  ]),
              c.create(toRow(row)).commit(),
            ])
            .go(),
        row.email === '' ? [] : ['email_taken'],
      );
      return outcome === 'committed' ? 'created' : outcome;
    },
    async updateClient(previous, next) {
      const {
        name,
        phone,
        instagramHandle,
        updatedAt,
        importId,
        importAction,
        importRow,
        importedAt,
        importBefore,
      } = next;
      const removed = nullKeys(next, CLIENT_NULLABLE);
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ clients: c }) => {
              const patch = c.patch(clientKey(previous)).set(
                toRow({
                  name,
                  phone,
                  instagramHandle,
                  updatedAt,
                  importId,
                  importAction,
                  importRow,
                  importedAt,
                  importBefore,
                }),
              );
              return [
                (removed.length ? patch.remove(removed) : patch)
                  .where(({ updatedAt: at }, { eq }) => eq(at, previous.updatedAt))
                  .commit(),
              ];
            })
            .go(),
        ['stale'],
      );
      return outcome === 'committed' ? 'updated' : outcome;
    },
    async deleteClient(row) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ clients: c, emails: e }) => [
              c
                .delete(clientKey(row))
                .where(({ updatedAt, bookingCount }, { eq }) =>
                  [eq(updatedAt, row.updatedAt), eq(bookingCount, 0)].join(' AND '),
                )
                .commit(),
              ...(row.email
                ? [
                    e
                      .delete({ storeUserId: row.storeUserId, email: row.email })
                      .where(({ clientId }, { eq }) => eq(clientId, row.clientId))
                      .commit(),
                  ]
                : []),
            ])
            .go(),
        ['kept', 'kept'],
      );
      return outcome === 'committed';
    },
    async createBooking(row) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ clients: c, bookings: b }) => [
              // A patch requires the row: a deleted client fails here.
              c.patch(clientKey(row)).add({ bookingCount: 1 }).commit(),
              b.create(toRow(row)).commit(),
            ])
            .go(),
        ['client_not_found', 'client_not_found'],
      );
      return outcome === 'committed' ? 'created' : outcome;
    },
    async updateBooking(previous, next) {
      const {
        storeUserId: _store,
        clientId: _client,
        bookingId: _booking,
        shareId: _share,
        createdAt: _created,
        ...changes
      } = next;
      const removed = nullKeys(next, BOOKING_NULLABLE);
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ bookings: b }) => {
              const patch = b.patch(bookingKey(previous)).set(toRow(changes));
              return [
                (removed.length ? patch.remove(removed) : patch)
                  .where(({ version, updatedAt }, { eq }) =>
                    [eq(version, previous.version), eq(updatedAt, previous.updatedAt)].join(' AND '),
                  )
                  .commit(),
              ];
            })
            .go(),
        ['stale'],
      );
      return outcome === 'committed' ? 'updated' : outcome;
    },
    async deleteBooking(row) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ bookings: b, clients: c }) => [
              b
                .delete(bookingKey(row))
                .where(({ updatedAt }, { eq }) => eq(updatedAt, row.updatedAt))
                .commit(),
              c.patch(clientKey(row)).add({ bookingCount: -1 }).commit(),
            ])
            .go(),
        ['kept', 'kept'],
      );
      return outcome === 'committed';
    },
    async storeCurrency(storeUserId) {
      const { data } = await profiles.get({ userId: storeUserId }).go({ attributes: ['currency'] });
      return data?.currency ?? null;
    },
    async eraseClients(storeUserId, limit) {
      const { data, cursor } = await clients.query.byStore({ storeUserId }).go({ limit });
      let deleted = 0;
      for (const row of data) {
        const gone = await clientsRepo.deleteClient(storeUserId, row.clientId);
        if (gone) deleted += 1 + (row.email ? 1 : 0) + gone.bookingsDeleted;
      }
      return { deleted, more: cursor !== null };
    },
  };
}
