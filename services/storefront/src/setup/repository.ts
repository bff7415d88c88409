import type { StorefrontList } from '@sneakers/shared/contracts/storefront';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, type EntityItem } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { withoutNulls } from '@sneakers/shared/table/store-helpers';
import { itemView } from '@sneakers/shared/views/item-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { virtualProductView } from '@sneakers/shared/views/virtual-product-view';
import type { ListedItem, SetupRecord, SetupRepository } from './ports';
import { priceEntity } from './price-entity';
import { setupEntity } from './setup-entity';

const ITEM_FIELDS = [
  'id',
  'listType',
  'status',
  'name',
  'sku',
  'brand',
  'imageUrl',
  'sizes',
  'askingPrice',
  'desiredPrice',
  'currency',
] as const;

/** A page of the price table unless asked otherwise (at most 100: one BatchGetItem of their prices). */
const DEFAULT_PAGE = 50;

type ItemRow = Pick<EntityItem<typeof itemView>, (typeof ITEM_FIELDS)[number]>;

/**
 * Access patterns: the set-up is one GetItem/PutItem in the store's partition; the price table
 * is one Query of the store's items (lists' rows, through the shared view: `pk = store`,
 * `sk` begins with the list when one is chosen, else filtered on both lists), then one
 * BatchGetItem of that page's price rows. A price is one GetItem per chosen list of the item
 * and one PutItem/DeleteItem. Virtual products: one BatchGetItem (commerce's rows, through
 * the shared view). No Scan.
 */
export function createSetupRepository(client: DocumentClient, table: string): SetupRepository {
  const { setup, price, item, profile, virtualProduct } = new Service(
    {
      setup: setupEntity,
      price: priceEntity,
      item: itemView,
      profile: profileView,
      virtualProduct: virtualProductView,
    },
    { client, table },
  ).entities;

  const toListed = (row: ItemRow): ListedItem | null => {
    if (row.status === 'sold' || (row.listType !== 'inventory' && row.listType !== 'wts')) return null;
    return {
      itemId: row.id,
      listType: row.listType,
      name: row.name,
      sku: row.sku,
      brand: row.brand,
      imageUrl: row.imageUrl ?? null,
      sizes: row.sizes,
      askingPrice: row.askingPrice ?? null,
      desiredPrice: row.desiredPrice ?? null,
      currency: row.currency,
    };
  };

  return {
    async profileOf(userId) {
      const { data } = await profile
        .get({ userId })
        .go({ attributes: ['role', 'businessName', 'avatarUrl'] });
      return data
        ? { role: data.role, businessName: data.businessName, avatarUrl: data.avatarUrl ?? null }
        : null;
    },
    async getSetup(storeUserId) {
      const { data } = await setup.get({ storeUserId }).go();
      if (!data) return null;
      return { ...data, logoUrl: data.logoUrl ?? null, bannerUrl: data.bannerUrl ?? null };
    },
    async putSetup(record: SetupRecord) {
      await setup.put(withoutNulls(record)).go();
    },
    async ownedVirtualProducts(storeUserId, ids) {
      if (ids.length === 0) return new Set();
      const { data, unprocessed } = await virtualProduct
        .get(ids.map((id) => ({ storeUserId, id })))
        .go({ attributes: ['id'] });
      if (unprocessed.length > 0) throw new Error('BatchGetItem left virtual products unprocessed');
      return new Set(data.map((row) => row.id));
    },
    listItems(storeUserId, lists, page) {
      const only = lists.length === 1 ? lists[0] : undefined;
      return queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => {
          const query = only
            ? item.query.byOwner({ userId: storeUserId, listType: only })
            : item.query.byOwner({ userId: storeUserId });
          return query
            .where(({ listType, status }, { eq, ne }) =>
              only
                ? ne(status, 'sold')
                : `(${lists.map((list) => eq(listType, list)).join(' OR ')}) AND ${ne(status, 'sold')}`,
            )
            .go({
              order: 'desc',
              cursor: go.cursor,
              count: go.limit,
              pages: 'all',
              attributes: [...ITEM_FIELDS],
            });
        },
        (row) => row,
      ).then((result) => ({
        items: result.items.map(toListed).filter((row): row is ListedItem => row !== null),
        cursor: result.cursor,
      }));
    },
    async getItem(storeUserId, lists: readonly StorefrontList[], itemId) {
      for (const listType of lists) {
        const { data } = await item
          .get({ userId: storeUserId, listType, id: itemId })
          .go({ attributes: [...ITEM_FIELDS] });
        const listed = data ? toListed(data) : null;
        if (listed) return listed;
      }
      return null;
    },
    async pricesOf(storeUserId, itemIds) {
      if (itemIds.length === 0) return new Map();
      const { data, unprocessed } = await price
        .get(itemIds.map((itemId) => ({ storeUserId, itemId })))
        .go({ attributes: ['itemId', 'price'] });
      if (unprocessed.length > 0) throw new Error('BatchGetItem left storefront prices unprocessed');
      return new Map(data.map((row) => [row.itemId, row.price]));
    },
    async setPrice(storeUserId, itemId, value, at) {
      if (value === null) await price.delete({ storeUserId, itemId }).go();
      else await price.put({ storeUserId, itemId, price: value, updatedAt: at }).go();
    },
  };
}
