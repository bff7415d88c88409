import { variantSizeSchema } from '@sneakers/shared/contracts/catalog';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { queryPage } from '@sneakers/shared/table/paging';
import { catalogVariantView } from '@sneakers/shared/views/catalog-variant-view';
import { itemView } from '@sneakers/shared/views/item-view';
import type { CatalogSize, StockRepository } from './ports';

const DEFAULT_PAGE = 100;
/** Product partitions read at once: a page of 200 items names at most 200 products. */
const PRODUCT_READS_AT_ONCE = 16;

/** Access patterns: see the service's README. Reads only: lists and catalog own these rows. */
export function createStockRepository(client: DocumentClient, table: string): StockRepository {
  const service = new Service({ items: itemView, variants: catalogVariantView }, { client, table });
  const { items, variants } = service.entities;

  async function sizesOfProduct(productId: string): Promise<CatalogSize[]> {
    const { data } = await variants.query.byProduct({ productId }).go({ pages: 'all' });
    return data.map((row) => ({
      label: row.label,
      size: variantSizeSchema.parse(row.size),
      gtin: row.gtin ?? null,
    }));
  }

  return {
    unsoldItems: (userId, page) =>
      queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) =>
          items.query
            .byOwner({ userId, listType: 'inventory' })
            .where(({ status }, { ne }) => ne(status, 'sold'))
            .go(go),
        (row) => ({
          id: row.id,
          sku: row.sku,
          name: row.name,
          brand: row.brand,
          colorway: row.colorway,
          imageUrl: row.imageUrl ?? null,
          sizes: row.sizes,
          isBulk: row.isBulk,
          askingPrice: row.askingPrice ?? null,
          currency: row.currency,
          productCatalogId: row.productCatalogId ?? null,
          updatedAt: row.updatedAt,
        }),
      ),

    async sizesOf(productIds) {
      const found = new Map<string, CatalogSize[]>();
      for (let at = 0; at < productIds.length; at += PRODUCT_READS_AT_ONCE) {
        const batch = productIds.slice(at, at + PRODUCT_READS_AT_ONCE);
        const sizes = await Promise.all(batch.map(sizesOfProduct));
        batch.forEach((productId, i) => found.set(productId, sizes[i] ?? []));
      }
      return found;
    },
  };
}
