import { catalogMarketVariantSchema } from '@sneakers/shared/contracts/catalog-market';
import * as z from 'zod/mini';
import { mapLimit } from '@sneakers/shared/concurrency';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { createCatalogRepository } from '../products/repository';
import { marketDataEntity, type MarketDataRow } from './market-data-entity';
import type { MarketDataStore, StoredMarketData } from './ports';

/** Product details read at once (a Query each). */
const DETAIL_CONCURRENCY = 8;
/** BatchGetItem / BatchWriteItem requests at once. */
const BATCH_CONCURRENCY = 4;
/** Rounds of asking again for what DynamoDB left unprocessed. */
const UNPROCESSED_ROUNDS = 5;

const variantsSchema = z.array(catalogMarketVariantSchema);

function storedOf(row: MarketDataRow): StoredMarketData | null {
  const variants = z.safeParse(variantsSchema, row.variants);
  // A row that no longer reads (an older shape) is as good as missing: it is refreshed.
  if (!variants.success) return null;
  return {
    productId: row.productId,
    currency: row.currency,
    marketplaceProductId: row.marketplaceProductId,
    brand: row.brand ?? null,
    gender: row.gender ?? null,
    refreshedAt: row.refreshedAt,
    variants: variants.data,
  };
}

/** Access patterns: the catalog README ("Market data"). */
export function createMarketDataStore(client: DocumentClient, table: string): MarketDataStore {
  const { rows } = new Service({ rows: marketDataEntity }, { client, table }).entities;
  const catalog = createCatalogRepository(client, table);
  return {
    async getRows(keys) {
      const found: StoredMarketData[] = [];
      let pending = keys.map(({ productId, currency }) => ({ productId, currency }));
      for (let round = 0; pending.length > 0 && round < UNPROCESSED_ROUNDS; round++) {
        const { data, unprocessed } = await rows.get(pending).go({ concurrency: BATCH_CONCURRENCY });
        for (const row of data) {
          const stored = storedOf(row);
          if (stored) found.push(stored);
        }
        pending = unprocessed.map(({ productId, currency }) => ({ productId, currency }));
      }
      return found;
    },

    async putRows(list) {
      let pending = list.map((row) => ({
        ...row,
        brand: row.brand ?? undefined,
        gender: row.gender ?? undefined,
      }));
      for (let round = 0; pending.length > 0 && round < UNPROCESSED_ROUNDS; round++) {
        const { unprocessed } = await rows.put(pending).go({ concurrency: BATCH_CONCURRENCY });
        const left = new Set(unprocessed.map(({ productId, currency }) => `${productId}\u0000${currency}`));
        pending = pending.filter((row) => left.has(`${row.productId}\u0000${row.currency}`));
      }
    },

    async getDetails(productIds) {
      const details = await mapLimit(productIds, DETAIL_CONCURRENCY, (productId) =>
        catalog.getDetail(productId),
      );
      const out = new Map<string, NonNullable<(typeof details)[number]>>();
      for (const detail of details) if (detail) out.set(detail.product.id, detail);
      return out;
    },
  };
}
