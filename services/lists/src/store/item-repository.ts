import { Service } from 'electrodb';
import { LIST_TYPES, type Item, type ListType } from '@sneakers/shared/contracts/lists';
import { ValidationError } from '@sneakers/shared/errors';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { publicRank, type ItemRepository, type Page } from '../domain/items';
import { isConditionalFailure } from '@sneakers/shared/table/store-helpers';
import { itemEntity, type ItemRow } from './item-entity';

const NULLABLE = [
  'productCatalogId',
  'productVariantId',
  'bookingId',
  'imageUrl',
  'targetPrice',
  'desiredPrice',
  'source',
  'purchasePrice',
  'purchaseDate',
  'notes',
] as const;

/** Nulls are stored as absent attributes. */
export function toRow(item: Item): ItemRow {
  const row: Record<string, unknown> = { ...item, rank: publicRank(item) };
  for (const key of NULLABLE) if (row[key] === null) delete row[key];
  return row as ItemRow;
}

export function fromRow(row: ItemRow): Item {
  const { rank: _rank, ...rest } = row;
  const item = { ...rest } as Record<string, unknown>;
  for (const key of NULLABLE) item[key] ??= null;
  return item as Item;
}

const invalidCursor = () => new ValidationError('The request is not valid.', { cursor: ['Invalid cursor'] });

/**
 * A cursor is ElectroDB's (base64url of the last evaluated key). It is accepted only if
 * it points into the partition being queried, so a crafted cursor cannot steer a Query
 * anywhere else.
 */
function checkCursor(cursor: string | undefined, params: unknown, pkField: string): string | undefined {
  if (cursor === undefined) return undefined;
  const values = (params as { ExpressionAttributeValues?: Record<string, unknown> })
    .ExpressionAttributeValues;
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalidCursor();
  }
  if (!key || typeof key !== 'object' || key[pkField] !== values?.[':pk']) throw invalidCursor();
  return cursor;
}

interface PageQuery {
  params(): unknown;
  go(options: {
    order: 'desc';
    limit: number;
    cursor: string | null;
  }): Promise<{ data: ItemRow[]; cursor: string | null }>;
}

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
 * (public list) and the same with a projection over all pages (facets).
 */
export function createItemRepository(client: DocumentClient, table: string): ItemStore {
  const { item: entity } = new Service({ item: itemEntity }, { client, table }).entities;

  async function page(
    query: PageQuery,
    pkField: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<Page<Item>> {
    const cursor = checkCursor(request.cursor, query.params(), pkField);
    try {
      const out = await query.go({ order: 'desc', limit: request.limit, cursor: cursor ?? null });
      return { items: out.data.map(fromRow), cursor: out.cursor };
    } catch (error) {
      if ((error as { name?: string }).name === 'ValidationException' || /cursor/i.test(String(error)))
        throw invalidCursor();
      throw error;
    }
  }

  return {
    listByOwner: (userId, listType, request) =>
      page(entity.query.byOwner({ userId, listType }), 'pk', request),

    async get(userId, itemId) {
      const keys = LIST_TYPES.map((listType: ListType) => ({ userId, listType, id: itemId }));
      const { data } = await entity.get(keys).go();
      const row = data.find(Boolean);
      return row ? fromRow(row) : null;
    },

    async create(item) {
      await entity.create(toRow(item)).go();
    },

    async createIfAbsent(item) {
      try {
        await entity.create(toRow(item)).go();
        return true;
      } catch (error) {
        if (isConditionalFailure(error)) return false;
        throw error;
      }
    },

    async replace(item, expectedUpdatedAt) {
      try {
        await entity
          .put(toRow(item))
          .where(({ updatedAt }, { eq }) => eq(updatedAt, expectedUpdatedAt))
          .go();
        return true;
      } catch (error) {
        if (isConditionalFailure(error)) return false;
        throw error;
      }
    },

    async delete({ userId, listType, id }) {
      try {
        await entity.remove({ userId, listType, id }).go();
        return true;
      } catch (error) {
        if (isConditionalFailure(error)) return false;
        throw error;
      }
    },

    listPublic: (userId, listType, request) =>
      page(entity.query.publicList({ userId, listType }), 'gsi1pk', request),

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
