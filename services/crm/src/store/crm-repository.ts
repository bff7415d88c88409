import { Service, type CreateEntityItem, type EntityItem } from '@sneakers/shared/table/entity';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { nullKeys, orNull, withoutNulls } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import type { BookingRecord, ClientRecord, CrmRepository, StoreProfile } from '../domain/ports';
import { bookingEntity } from './booking-entity';
import { clientEmailEntity } from './client-email-entity';
import { clientEntity } from './client-entity';

const DEFAULT_PAGE = 25;
/** DynamoDB's TransactWriteItems limit. */
const MAX_TRANSACTION_ITEMS = 100;
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

type ClientRow = EntityItem<typeof clientEntity>;
type BookingRow = EntityItem<typeof bookingEntity>;

function toClientRecord(row: ClientRow): ClientRecord {
  return {
    storeUserId: row.storeUserId,
    id: row.clientId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    instagramHandle: orNull(row.instagramHandle),
    bookingCount: row.bookingCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toClientRow(c: ClientRecord): CreateEntityItem<typeof clientEntity> {
  return {
    storeUserId: c.storeUserId,
    clientId: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    ...withoutNulls({ instagramHandle: c.instagramHandle }),
    bookingCount: c.bookingCount,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

function toBookingRecord(row: BookingRow): BookingRecord {
  return {
    storeUserId: row.storeUserId,
    id: row.bookingId,
    clientId: row.clientId,
    itemSku: row.itemSku,
    itemName: row.itemName,
    itemBrand: row.itemBrand,
    itemColorway: row.itemColorway,
    itemImageUrl: orNull(row.itemImageUrl),
    size: row.size,
    productVariantId: orNull(row.productVariantId),
    salePrice: row.salePrice,
    prepaidAmount: row.prepaidAmount,
    currency: row.currency,
    status: row.status,
    notes: orNull(row.notes),
    shareId: row.shareId,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What an update may change: everything but the keys, shareId and createdAt. */
const bookingChanges = (b: BookingRecord) => ({
  itemSku: b.itemSku,
  itemName: b.itemName,
  itemBrand: b.itemBrand,
  itemColorway: b.itemColorway,
  size: b.size,
  salePrice: b.salePrice,
  prepaidAmount: b.prepaidAmount,
  currency: b.currency,
  status: b.status,
  version: b.version,
  updatedAt: b.updatedAt,
  ...withoutNulls({ itemImageUrl: b.itemImageUrl, productVariantId: b.productVariantId, notes: b.notes }),
});

function toBookingRow(b: BookingRecord): CreateEntityItem<typeof bookingEntity> {
  return {
    ...bookingChanges(b),
    storeUserId: b.storeUserId,
    clientId: b.clientId,
    bookingId: b.id,
    shareId: b.shareId,
    createdAt: b.createdAt,
  };
}

const clientKey = (c: Pick<ClientRecord, 'storeUserId' | 'id'>) => ({
  storeUserId: c.storeUserId,
  clientId: c.id,
});
const bookingKey = (b: Pick<BookingRecord, 'storeUserId' | 'clientId' | 'id'>) => ({
  storeUserId: b.storeUserId,
  clientId: b.clientId,
  bookingId: b.id,
});
/** Every item of a cascade step names the same outcome: something changed, read again. */
const changed = (items: number) => Array.from({ length: items }, () => 'changed' as const);

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
      idempotency: idempotencyEntity,
      profiles: profileView,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { clients, emails, bookings, profiles } = service.entities;

  async function detail(storeUserId: string, clientId: string) {
    const { data } = await service.collections
      .clientDetail({ storeUserId, clientId })
      .go({ pages: 'all', consistent: true });
    const row = data.clients[0];
    if (!row) return null;
    return { client: toClientRecord(row), bookings: data.bookings.map(toBookingRecord) };
  }

  return {
    async listClients(storeUserId, page) {
      return queryPage(
        page,
        { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
        (go) => clients.query.byStore({ storeUserId }).go({ order: 'desc', ...go }),
        toClientRecord,
      );
    },
    async getClient(storeUserId, clientId) {
      const { data } = await clients.get({ storeUserId, clientId }).go({ consistent: true });
      return data ? toClientRecord(data) : null;
    },
    async getClients(storeUserId, ids) {
      if (ids.length === 0) return [];
      const { data } = await clients.get(ids.map((clientId) => ({ storeUserId, clientId }))).go();
      return data.map(toClientRecord);
    },
    getClientDetail: detail,
    async findClientIdByEmail(storeUserId, email) {
      const { data } = await emails.get({ storeUserId, email }).go({ consistent: true });
      return data?.clientId ?? null;
    },
    async createClient(record) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ emails: e, clients: c }) => [
              e
                .create({ storeUserId: record.storeUserId, email: record.email, clientId: record.id })
                .commit(),
              c.create(toClientRow(record)).commit(),
            ])
            .go(),
        ['email_taken'],
      );
      return outcome === 'committed' ? 'created' : outcome;
    },
    async updateClient(previous, next) {
      const emailChanged = previous.email !== next.email;
      const addsMarker = emailChanged && next.email !== '';
      const dropsMarker = emailChanged && previous.email !== '';
      // Positional, as the items below: client, new marker, old marker.
      const conditions: ('stale' | 'email_taken')[] = [
        'stale',
        ...(addsMarker ? ['email_taken' as const] : []),
        ...(dropsMarker ? ['stale' as const] : []),
      ];
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ emails: e, clients: c }) => {
              const patch = c.patch(clientKey(previous)).set({
                name: next.name,
                email: next.email,
                phone: next.phone,
                updatedAt: next.updatedAt,
                ...withoutNulls({ instagramHandle: next.instagramHandle }),
              });
              const removed = nullKeys(next, ['instagramHandle']);
              return [
                (removed.length ? patch.remove(removed) : patch)
                  .where(({ email }, { eq }) => eq(email, previous.email))
                  .commit(),
                ...(addsMarker
                  ? [
                      e
                        .create({ storeUserId: next.storeUserId, email: next.email, clientId: next.id })
                        .commit(),
                    ]
                  : []),
                ...(dropsMarker
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
        conditions,
      );
      return outcome === 'committed' ? 'updated' : outcome;
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
          const outcome = await transact(
            () =>
              service.transaction
                .write(({ clients: c, bookings: b }) => [
                  c.patch(clientKey(found)).add({ bookingCount: -chunk.length }).commit(),
                  ...chunk.map((booking) => b.remove(bookingKey(booking)).commit()),
                ])
                .go(),
            changed(1 + chunk.length),
          );
          if (outcome === 'changed') {
            restart = true;
            break;
          }
          deleted += chunk.length;
          remaining = remaining.slice(chunk.length);
        }
        if (restart) continue;
        const last = remaining;
        const outcome = await transact(
          () =>
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
          changed(1 + (found.email ? 1 : 0) + last.length),
        );
        if (outcome === 'committed') return { bookingsDeleted: deleted + last.length };
      }
      throw new Error('Client delete kept conflicting with concurrent writes');
    },

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
              c
                .patch(clientKey({ storeUserId: record.storeUserId, id: record.clientId }))
                .add({ bookingCount: 1 })
                .commit(),
              b.create(toBookingRow(record)).commit(),
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
              c
                .patch(clientKey({ storeUserId: record.storeUserId, id: record.clientId }))
                .add({ bookingCount: -1 })
                .commit(),
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
      return {
        businessName: data.businessName,
        contactEmail: data.contactEmail,
        // The profile form allows a blank phone; the shared page shows none then.
        phone: data.phone.trim() ? data.phone : null,
        instagramHandle: orNull(data.instagramHandle),
        location: data.location,
        language: data.language,
        currency: data.currency,
      };
    },
  };
}
