import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { nullKeys } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import { bookingEntity, bookingKey } from '../bookings/booking-entity';
import { clientEmailEntity } from './client-email-entity';
import { clientEntity, clientKey, type ClientItem } from './client-entity';
import type { ClientRecord, ClientsRepository } from './ports';

const DEFAULT_PAGE = 25;
/** DynamoDB's TransactWriteItems limit. */
const MAX_TRANSACTION_ITEMS = 100;

export const toClientRecord = (row: ClientItem): ClientRecord => toRecord(clientEntity.schema, row);

/** What an update may change: not the keys, createdAt, or the count the booking transactions keep. */
const clientChanges = ({ name, email, phone, instagramHandle, updatedAt }: ClientRecord) =>
  toRow({ name, email, phone, instagramHandle, updatedAt });

/** Every item of a cascade step names the same outcome: something changed, read again. */
const changed = (items: number) => Array.from({ length: items }, () => 'changed' as const);

/**
 * Access patterns (see README): the client detail is one Query of the client's partition
 * (collection `clientDetail`, the client and its bookings); the list is a Query on gsi1
 * newest first; the email marker a GetItem; writes are TransactWriteItems. No Scan.
 */
export function createClientsRepository(client: DocumentClient, table: string): ClientsRepository {
  const service = new Service(
    { clients: clientEntity, emails: clientEmailEntity, bookings: bookingEntity },
    { client, table },
  );
  const { clients, emails } = service.entities;

  async function detail(storeUserId: string, clientId: string) {
    const { data } = await service.collections
      .clientDetail({ storeUserId, clientId })
      .go({ pages: 'all', consistent: true });
    const row = data.clients[0];
    if (!row) return null;
    return {
      client: toClientRecord(row),
      bookings: data.bookings.map((b) => toRecord(bookingEntity.schema, b)),
    };
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
                .create({ storeUserId: record.storeUserId, email: record.email, clientId: record.clientId })
                .commit(),
              c.create(toRow(record)).commit(),
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
              const patch = c.patch(clientKey(previous)).set(clientChanges(next));
              const removed = nullKeys(next, ['instagramHandle']);
              return [
                (removed.length ? patch.remove(removed) : patch)
                  .where(({ email }, { eq }) => eq(email, previous.email))
                  .commit(),
                ...(addsMarker
                  ? [
                      e
                        .create({ storeUserId: next.storeUserId, email: next.email, clientId: next.clientId })
                        .commit(),
                    ]
                  : []),
                ...(dropsMarker
                  ? [
                      e
                        .delete({ storeUserId: previous.storeUserId, email: previous.email })
                        .where(({ clientId }, { eq }) => eq(clientId, previous.clientId))
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
  };
}
