import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { catalogSkuView } from '@sneakers/shared/views/catalog-sku-view';
import type { CatalogMatcher } from './ports';

/** Style codes → catalogue products: BatchGets of the catalog's SKU claim rows (read-only view). */
export function createCatalogMatcher(client: DocumentClient, table: string): CatalogMatcher {
  const { sku } = new Service({ sku: catalogSkuView }, { client, table }).entities;
  return {
    async match(skuKeys) {
      const found = new Map<string, string>();
      for (let i = 0; i < skuKeys.length; i += 100) {
        const { data } = await sku.get(skuKeys.slice(i, i + 100).map((skuKey) => ({ skuKey }))).go();
        for (const row of data) if (row) found.set(row.skuKey, row.productId);
      }
      return found;
    },
  };
}
