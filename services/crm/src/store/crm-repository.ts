import { Service } from 'electrodb';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { IDEMPOTENCY_TTL_MS } from '../domain/bookings';
import type { BookingRecord, ClientRecord, CrmRepository, PageRequest } from '../domain/ports';
import { bookingEntity } from './booking-entity';
import { bookingIdempotencyEntity } from './booking-idempotency-entity';
import { clientEmailEntity } from './client-email-entity';
import { clientEntity } from './client-entity';
import { storeProfileEntity } from './store-profile-entity';
import { withoutNulls, paged, type Canceled, failedAt } from '@sneakers/shared/table/store-helpers';

const DEFAULT_PAGE = 25;
/** DynamoDB's TransactWriteItems limit. */
const MAX_TRANSACTION_ITEMS = 100;
const PROFILE_FIELDS = [
  'userId',
  'businessName',
  'contactEmail',
  'phone',
  'instagramHandle',
  'location',
  'language',
  'currency',
] as const;

const nullKeys = <K extends string>(value: Record<K, unknown>, keys: readonly K[]) =>
  keys.filter((k) => value[k] === null);

/** Runs a transaction, retrying only TransactionConflict (another transaction on the same rows). */
async function transact(build: () => Promise<unknown>): Promise<Canceled> {
  for (let attempt = 0; ; attempt++) {
    const result = (await build()) as Canceled;
    if (!result.canceled) return result;
    const conflict = result.data.some((d) => d.code === 'TransactionConflict');
    const failed = result.data.some((d) => d.code === 'ConditionalCheckFailed');
    if (failed || !conflict || attempt >= 4) return result;
    await new Promise((r) => setTimeout(r, 20 * 2 ** attempt + Math.random() * 20));
  }
}

function unexpected(what: string, result: Canceled): Error {
  return new Error(`${what} transaction canceled: ${result.data.map((d) => d.code).join(',')}`);
}

interface ClientRow {
  storeUserId: string;
  clientId: string;
  name: string;
  email: string;
  phone: string;
  instagramHandle?: string;
  bookingCount: number;
  createdAt: string;
  updatedAt: string;
}

type BookingRow = Omit<BookingRecord, 'id' | 'itemImageUrl' | 'productVariantId' | 'notes'> & {
  bookingId: string;
  itemImageUrl?: string;
  productVariantId?: string;
  notes?: string;
};

const toClientRecord = ({ clientId, instagramHandle, ...rest }: ClientRow): ClientRecord => ({
  ...rest,
  id: clientId,
  instagramHandle: instagramHandle ?? null,
});

const toBookingRecord = ({ bookingId, ...r }: BookingRow): BookingRecord => ({
  ...r,
  id: bookingId,
  itemImageUrl: r.itemImageUrl ?? null,
  productVariantId: r.productVariantId ?? null,
  notes: r.notes ?? null,
});

const clientKey = (c: Pick<ClientRecord, 'storeUserId' | 'id'>) => ({
  storeUserId: c.storeUserId,
  clientId: c.id,
});
const bookingKey = (b: Pick<BookingRecord, 'storeUserId' | 'clientId' | 'id'>) => ({
  storeUserId: b.storeUserId,
  clientId: b.clientId,
  bookingId: b.id,
});

const BOOKING_NULLABLE = ['itemImageUrl', 'productVariantId', 'notes'] as const;

/**
 * Access patterns (see README): the client detail is one Query of the client's partition
 * (collection `clientDetail`); lists are Queries on gsi1/gsi2 newest first; the shared page
 * a Query on gsi3; everything else GetItem or TransactWriteItems. No Scan.
 */
export function createCrmRepository(client: DocumentClient, table: string): CrmRepository {
  const service = new Service(
    {
      clients: clientEntity,
      emails: clientEmailEntity,
      bookings: bookingEntity,
      keys: bookingIdempotencyEntity,
      profiles: storeProfileEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { clients, emails, bookings, keys, profiles } = service.entities;

  const clientRow = (c: ClientRecord) => withoutNulls({ ...clientKey(c), ...c, id: undefined }) as ClientRow;
  const bookingRow = (b: BookingRecord) =>
    withoutNulls({ ...b, bookingId: b.id, id: undefined }) as unknown as BookingRow;

  async function detail(storeUserId: string, clientId: string) {
    const { data } = await service.collections
      .clientDetail({ storeUserId, clientId })
      .go({ pages: 'all', consistent: true });
    const row = data.clients[0];
    if (!row) return null;
    return {
      client: toClientRecord(row),
      bookings: data.bookings.map((b) => toBookingRecord(b)),
    };
  }

  return {
    async listClients(storeUserId, page: PageRequest) {
      const { data, cursor } = await paged(() =>
        clients.query
          .byStore({ storeUserId })
          .go({ order: 'desc', limit: page.limit ?? DEFAULT_PAGE, cursor: page.cursor ?? null }),
      );
      return { records: data.map((d) => toClientRecord(d)), cursor: cursor ?? null };
    },
    async getClient(storeUserId, clientId) {
      const { data } = await clients.get({ storeUserId, clientId }).go({ consistent: true });
      return data ? toClientRecord(data) : null;
    },
    async getClients(storeUserId, ids) {
      if (ids.length === 0) return [];
      const { data } = await clients.get(ids.map((clientId) => ({ storeUserId, clientId }))).go();
      return data.map((d) => toClientRecord(d));
    },
    getClientDetail: detail,
    async findClientIdByEmail(storeUserId, email) {
      const { data } = await emails.get({ storeUserId, email }).go({ consistent: true });
      return data?.clientId ?? null;
    },
    async createClient(record) {
      const result = await transact(() =>
        service.transaction
          .write(({ emails: e, clients: c }) => [
            e.create({ storeUserId: record.storeUserId, email: record.email, clientId: record.id }).commit(),
            c.create(clientRow(record)).commit(),
          ])
          .go(),
      );
      if (!result.canceled) return 'created';
      if (failedAt(result, 0)) return 'email_taken';
      throw unexpected('Client create', result);
    },
    async updateClient(previous, next) {
      const emailChanged = previous.email !== next.email;
      const result = await transact(() =>
        service.transaction
          .write(({ emails: e, clients: c }) => {
            const set = { name: next.name, email: next.email, phone: next.phone, updatedAt: next.updatedAt };
            const patch = c
              .patch(clientKey(previous))
              .set(next.instagramHandle === null ? set : { ...set, instagramHandle: next.instagramHandle });
            const write = (next.instagramHandle === null ? patch.remove(['instagramHandle']) : patch)
              .where(({ email }, { eq }) => eq(email, previous.email))
              .commit();
            if (!emailChanged) return [write];
            // Order matters for reading the cancellation: client, new marker, old marker.
            return [
              write,
              ...(next.email
                ? [e.create({ storeUserId: next.storeUserId, email: next.email, clientId: next.id }).commit()]
                : []),
              ...(previous.email
                ? [
                    e
                      .delete({ storeUserId: previous.storeUserId, email: previous.email })
                      .where(({ clientId }, { eq }) => eq(clientId, previous.id))
                      .commit(),
                  ]
                : []),
            ];
          })
          .go(),
      );
      if (!result.canceled) return 'updated';
      if (emailChanged && next.email && failedAt(result, 1)) return 'email_taken';
      if (result.data.some((d) => d.code === 'ConditionalCheckFailed' || d.code === 'TransactionConflict'))
        return 'stale';
      throw unexpected('Client update', result);
    },
    async deleteClient(storeUserId, clientId) {
      let deleted = 0;
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await detail(storeUserId, clientId);
        if (!current) return deleted > 0 ? { bookingsDeleted: deleted } : null;
        const { client: found } = current;
        let remaining = current.bookings;
        const finalRoom = MAX_TRANSACTION_ITEMS - (found.email ? 2 : 1);
        let restart = false;
        // Chunks first, each keeping bookingCount exact; the client goes with the last chunk.
        while (remaining.length > finalRoom) {
          const chunk = remaining.slice(0, MAX_TRANSACTION_ITEMS - 1);
          const result = await transact(() =>
            service.transaction
              .write(({ clients: c, bookings: b }) => [
                c.patch(clientKey(found)).add({ bookingCount: -chunk.length }).commit(),
                ...chunk.map((booking) => b.remove(bookingKey(booking)).commit()),
              ])
              .go(),
          );
          if (result.canceled) {
            restart = true;
            break;
          }
          deleted += chunk.length;
          remaining = remaining.slice(chunk.length);
        }
        if (restart) continue;
        const last = remaining;
        const result = await transact(() =>
          service.transaction
            .write(({ clients: c, emails: e, bookings: b }) => [
              // A booking created meanwhile changes the count: then read again.
              c
                .delete(clientKey(found))
                .where(({ bookingCount }, { eq }) => eq(bookingCount, last.length))
                .commit(),
              ...(found.email
                ? [
                    e
                      .delete({ storeUserId, email: found.email })
                      .where(({ clientId: owner }, { eq }) => eq(owner, clientId))
                      .commit(),
                  ]
                : []),
              ...last.map((booking) => b.remove(bookingKey(booking)).commit()),
            ])
            .go(),
        );
        if (!result.canceled) return { bookingsDeleted: deleted + last.length };
      }
      throw new Error('Client delete kept conflicting with concurrent writes');
    },

    async listBookings(storeUserId, status, page) {
      const options = {
        order: 'desc' as const,
        limit: page.limit ?? DEFAULT_PAGE,
        cursor: page.cursor ?? null,
      };
      const { data, cursor } = await paged(() =>
        status
          ? bookings.query.byStatus({ storeUserId, status }).go(options)
          : bookings.query.byStore({ storeUserId }).go(options),
      );
      return { records: data.map((d) => toBookingRecord(d)), cursor: cursor ?? null };
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
    async getIdempotency(storeUserId, key) {
      const { data } = await keys.get({ storeUserId, key }).go({ consistent: true });
      if (!data) return null;
      const { ttl: _ttl, ...rest } = data;
      return rest;
    },
    async createBooking(record, key, event) {
      const result = await transact(() =>
        service.transaction
          .write(({ keys: k, clients: c, bookings: b, outbox }) => [
            k
              .create({ ...key, ttl: Math.floor((Date.parse(key.createdAt) + IDEMPOTENCY_TTL_MS) / 1000) })
              .commit(),
            c
              .patch({ storeUserId: record.storeUserId, clientId: record.clientId })
              .add({ bookingCount: 1 })
              .commit(),
            b.create(bookingRow(record)).commit(),
            outbox.create(outboxItem(event)).commit(),
          ])
          .go(),
      );
      if (!result.canceled) return 'created';
      if (failedAt(result, 0)) return 'duplicate';
      if (failedAt(result, 1)) return 'client_not_found';
      throw unexpected('Booking create', result);
    },
    async updateBooking(previous, next, event) {
      const removed = nullKeys(next, BOOKING_NULLABLE);
      const set = withoutNulls({
        itemSku: next.itemSku,
        itemName: next.itemName,
        itemBrand: next.itemBrand,
        itemColorway: next.itemColorway,
        itemImageUrl: next.itemImageUrl,
        size: next.size,
        productVariantId: next.productVariantId,
        salePrice: next.salePrice,
        prepaidAmount: next.prepaidAmount,
        currency: next.currency,
        status: next.status,
        notes: next.notes,
        version: next.version,
        updatedAt: next.updatedAt,
      }) as Partial<BookingRow>;
      const result = await transact(() =>
        service.transaction
          .write(({ bookings: b, outbox }) => {
            const patch = b.patch(bookingKey(previous)).set(set);
            return [
              (removed.length ? patch.remove([...removed]) : patch)
                .where(({ version }, { eq }) => eq(version, previous.version))
                .commit(),
              ...(event ? [outbox.create(outboxItem(event)).commit()] : []),
            ];
          })
          .go(),
      );
      if (!result.canceled) return 'updated';
      if (result.data.some((d) => d.code === 'ConditionalCheckFailed' || d.code === 'TransactionConflict'))
        return 'stale';
      throw unexpected('Booking update', result);
    },
    async deleteBooking(record) {
      const result = await transact(() =>
        service.transaction
          .write(({ bookings: b, clients: c }) => [
            b.remove(bookingKey(record)).commit(),
            c
              .patch({ storeUserId: record.storeUserId, clientId: record.clientId })
              .add({ bookingCount: -1 })
              .commit(),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (result.data.some((d) => d.code === 'ConditionalCheckFailed')) return false;
      throw unexpected('Booking delete', result);
    },
    async requestInformation(record, event) {
      const result = await transact(() =>
        service.transaction
          .write(({ bookings: b, outbox }) => [
            b
              .check(bookingKey(record))
              .where(({ bookingId }, { exists }) => exists(bookingId))
              .commit(),
            outbox.create(outboxItem(event)).commit(),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (failedAt(result, 0)) return false;
      throw unexpected('Booking information', result);
    },
    async getStoreProfile(storeUserId) {
      const { data } = await profiles.get({ userId: storeUserId }).go({ attributes: [...PROFILE_FIELDS] });
      if (!data) return null;
      return {
        businessName: data.businessName,
        contactEmail: data.contactEmail,
        phone: data.phone?.trim() ? data.phone : null,
        instagramHandle: data.instagramHandle ?? null,
        location: data.location,
        language: data.language,
        currency: data.currency,
      };
    },
  };
}
