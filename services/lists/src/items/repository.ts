import { LIST_TYPES, type Item, type ListType } from '@sneakers/shared/contracts/lists';
import { fromItemRow as fromRow, itemEntity, toItemRow as toRow } from '@sneakers/shared/stock/item-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import { bookingItemEntity } from './booking-item-entity';
import { DEFAULT_PAGE_SIZE, type ItemRepository } from './ports';

export interface ItemStore extends ItemRepository {
  /** Unconditional batch Put (BatchWriteItem, 25 per call), for the seed and benchmarks. */
  putMany(items: Item[], concurrency?: number): Promise<void>;
  /** Conditional create: false when the id already exists (used by the idempotent seed). */
  createIfAbsent(item: Item): Promise<boolean>;
}

/**
 * Access patterns: Query `pk = owner AND begins_with(sk, listType)` descending (own
 * list); BatchGetItem over the four list keys (item by id, caller's partition only);
 * conditional Put/Delete; Query on sparse gsi1 `gsi1pk = owner#listType` descending
 * (public list) and the same with a projection over all pages (facets). An item made
 * from a booking is created and deleted in one TransactWriteItems with the booking's
 * marker; the item of a booking is two consistent GetItems (marker, then item).
 */
export function createItemRepository(client: DocumentClient, table: string): ItemStore {
  const service = new Service({ item: itemEntity, booking: bookingItemEntity }, { client, table });
  const { item: entity, booking: bookings } = service.entities;

  return {
    listByOwner: (userId, listType, request) =>
      queryPage(
        request,
        { defaultLimit: DEFAULT_PAGE_SIZE },
        (go) => entity.query.byOwner({ userId, listType }).go({ order: 'desc', ...go }),
        fromRow,
      ),

    async get(userId, itemId) {
      const keys = LIST_TYPES.map((listType: ListType) => ({ userId, listType, id: itemId }));
      const { data } = await entity.get(keys).go();
      const row = data.find(Boolean);
      return row ? fromRow(row) : null;
    },

    async create(item) {
      const { bookingId } = item;
      if (bookingId === null) {
        await entity.create(toRow(item)).go();
        return 'created';
      }
      // Positional, as the items below: marker, item (a new ULID: its condition holds).
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ booking, item: row }) => [
              booking
                .create({ userId: item.userId, bookingId, itemId: item.id, listType: item.listType })
                .commit(),
              row.create(toRow(item)).commit(),
            ])
            .go(),
        ['booking_taken', null],
      );
      return outcome === 'committed' ? 'created' : outcome;
    },

    async getByBooking(userId, bookingId) {
      const { data: marker } = await bookings.get({ userId, bookingId }).go({ consistent: true });
      if (!marker) return null;
      const { data: row } = await entity
        .get({ userId, listType: marker.listType, id: marker.itemId })
        .go({ consistent: true });
      return row ? fromRow(row) : null;
    },

    async createIfAbsent(item) {
      return (await conditional(() => entity.create(toRow(item)).go(), 'exists')) === 'committed';
    },

    async replace(item, expectedUpdatedAt) {
      const outcome = await conditional(
        () =>
          entity
            .put(toRow(item))
            .where(({ updatedAt }, { eq }) => eq(updatedAt, expectedUpdatedAt))
            .go(),
        'changed',
      );
      return outcome === 'committed';
    },

    async delete({ userId, listType, id, bookingId }) {
      const removeAlone = async () =>
        (await conditional(() => entity.remove({ userId, listType, id }).go(), 'missing')) === 'committed';
      if (bookingId === null) return removeAlone();
      // Positional: item, marker. The marker goes only if it names this item (an item
      // written before markers existed may share its booking with a newer one).
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ item: row, booking }) => [
              row.remove({ userId, listType, id }).commit(),
              booking
                .delete({ userId, bookingId })
                .where(({ itemId }, { eq, notExists }) => `${notExists(itemId)} OR ${eq(itemId, id)}`)
                .commit(),
            ])
            .go(),
        ['missing', 'other_item'],
      );
      if (outcome === 'other_item') return removeAlone();
      return outcome === 'committed';
    },

    listPublic: (userId, listType, request) =>
      queryPage(
        request,
        { index: 'gsi1', defaultLimit: DEFAULT_PAGE_SIZE },
        (go) => entity.query.publicList({ userId, listType }).go({ order: 'desc', ...go }),
        fromRow,
      ),

    async publicFacetRows(userId, listType) {
      const { data } = await entity.query
        .publicList({ userId, listType })
        .go({ attributes: ['sizes', 'brand'], pages: 'all' });
      return data.map((row) => ({ sizes: row.sizes, brand: row.brand }));
    },

    async putMany(items, concurrency = 8) {
      const { unprocessed } = await entity.put(items.map(toRow)).go({ concurrency });
      if (unprocessed.length) throw new Error(`${unprocessed.length} items were not written`);
    },
  };
}
