import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { itemView } from '@sneakers/shared/views/item-view';
import type { StoreItems } from './ports';

/**
 * Access pattern: Query `pk = store AND begins_with(sk, 'inventory')` descending, filtered on
 * the linked product, every page (a store's inventory is a few thousand rows at most; the
 * lists service owns the rows, this only reads them through the shared view).
 */
export function createStoreItems(client: DocumentClient, table: string): StoreItems {
  const service = new Service({ item: itemView }, { client, table });
  const { item } = service.entities;
  return {
    async ofProduct(storeUserId, productId) {
      const { data } = await item.query
        .byOwner({ userId: storeUserId, listType: 'inventory' })
        .where(({ productCatalogId }, { eq }) => eq(productCatalogId, productId))
        .go({ order: 'desc', pages: 'all' });
      return data.map((row) => ({
        id: row.id,
        sizes: row.sizes,
        status: row.status,
        askingPrice: row.askingPrice ?? null,
        currency: row.currency,
      }));
    },
  };
}
