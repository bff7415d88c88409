import {
  productSchema,
  variantSizeSchema,
  type Product,
  type Variant,
} from '@sneakers/shared/contracts/catalog';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { transact } from '@sneakers/shared/table/transaction';
import type { CatalogRepository, ProductWrite, WriteOutcome } from './ports';
import { NO_RELEASE_DATE, productEntity, PRODUCTS_LIST, type ProductRow } from './product-entity';
import { skuEntity } from './sku-entity';
import { variantEntity, type VariantRow } from './variant-entity';

const DEFAULT_RELEASES_PAGE = 24;
/** Rows read per request for each product a filtered releases page answers. */
const FILTER_READ_FACTOR = 4;
/** Variants read for one GTIN: one is the rule, a few when two products list the same box. */
const GTIN_MATCHES_MAX = 5;
/** Rows per page of the index rebuild's Query (DynamoDB stops at 1 MB anyway). */
const REBUILD_PAGE = 1000;

// The rows name their keys `productId` and `variantId` (the contract's `id`) and carry keys
// derived from the product (its gsi1 partition and sort key, SKU key, lower-cased brand):
// those are renamed and dropped here; every other attribute maps as the table layer maps it.

const toProduct = (row: ProductRow): Product => {
  const {
    productId,
    catalogList: _list,
    releaseKey: _release,
    skuKey: _sku,
    brandKey: _brand,
    ...fields
  } = toRecord(productEntity.schema, row);
  return { id: productId, ...fields };
};

/** The variant's `size` is stored as a map of any shape: the contract's schema reads it. */
const toVariant = (row: VariantRow): Variant => {
  const { variantId, size, ...fields } = toRecord(variantEntity.schema, row);
  return { id: variantId, ...fields, size: variantSizeSchema.parse(size) };
};

/** The product's row: keys derived from it (release key, SKU key, brand key); nulls left out. */
function productRow(product: Product) {
  const { id, ...fields } = productSchema.parse(product);
  return {
    ...toRow(fields),
    productId: id,
    catalogList: PRODUCTS_LIST,
    releaseKey: product.releaseDate ?? NO_RELEASE_DATE,
    skuKey: styleCodeKey(product.sku),
    brandKey: product.brand.toLowerCase(),
  };
}

const variantRow = (variant: Variant) => {
  const { id, size, ...fields } = variant;
  return { ...toRow(fields), variantId: id, size };
};

/** Access patterns and transactions: see the service's README. */
export function createCatalogRepository(client: DocumentClient, table: string): CatalogRepository {
  const service = new Service(
    { products: productEntity, variants: variantEntity, skus: skuEntity, outbox: outboxEntity },
    { client, table },
  );
  const { products, variants, skus } = service.entities;

  return {
    async getDetail(productId) {
      // Consistent: a write re-plans against exactly what it read, and a create answers its own rows.
      const { data } = await service.collections
        .productDetail({ productId })
        .go({ pages: 'all', consistent: true });
      const row = data.products[0];
      if (!row) return null;
      return { product: toProduct(row), variants: data.variants.map(toVariant) };
    },

    async variantsByGtin(gtin) {
      const { data } = await variants.query.byGtin({ gtin }).go({ limit: GTIN_MATCHES_MAX });
      return data.map(toVariant);
    },

    async getProducts(productIds) {
      const found: Product[] = [];
      let pending = [...new Set(productIds)].map((productId) => ({ productId }));
      // DynamoDB may leave keys unprocessed under load: ask again for those.
      while (pending.length > 0) {
        const { data, unprocessed } = await products.get(pending).go({ consistent: true });
        found.push(...data.map(toProduct));
        pending = unprocessed.map(({ productId }) => ({ productId }));
      }
      return found;
    },

    async skuOwners(skuKeys) {
      const owners = new Map<string, string>();
      let pending = [...new Set(skuKeys)].map((skuKey) => ({ skuKey }));
      while (pending.length > 0) {
        const { data, unprocessed } = await skus.get(pending).go({ consistent: true });
        for (const row of data) owners.set(row.skuKey, row.productId);
        pending = unprocessed.map(({ skuKey }) => ({ skuKey }));
      }
      return owners;
    },

    async writeProducts(writes, event) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ products: p, variants: v, skus: s, outbox }) => [
              ...writes.flatMap((write) => {
                const row = productRow(write.product);
                const productId = write.product.id;
                return [
                  write.expectedUpdatedAt === null
                    ? p.create(row).commit()
                    : p
                        .put(row)
                        .where(({ updatedAt }, { eq }) => eq(updatedAt, write.expectedUpdatedAt ?? ''))
                        .commit(),
                  ...(write.claimSkuKey ? [s.create({ skuKey: write.claimSkuKey, productId }).commit()] : []),
                  ...(write.releaseSkuKey
                    ? [
                        s
                          .delete({ skuKey: write.releaseSkuKey })
                          .where((attr, { eq }) => eq(attr.productId, productId))
                          .commit(),
                      ]
                    : []),
                  ...write.putVariants.map((variant) => v.put(variantRow(variant)).commit()),
                  ...write.deleteVariantIds.map((variantId) => v.delete({ productId, variantId }).commit()),
                ];
              }),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        writeConditions(writes),
      );
      return parseOutcome(outcome);
    },

    async writeVariants(productId, put, deleteIds) {
      if (put.length > 0) {
        const { unprocessed } = await variants.put(put.map(variantRow)).go();
        if (unprocessed.length) throw new Error(`${unprocessed.length} variants were not written`);
      }
      if (deleteIds.length > 0) {
        const { unprocessed } = await variants
          .delete(deleteIds.map((variantId) => ({ productId, variantId })))
          .go();
        if (unprocessed.length) throw new Error(`${unprocessed.length} variants were not deleted`);
      }
    },

    async deleteProduct(detail, event) {
      const { product } = detail;
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ products: p, variants: v, skus: s, outbox }) => [
              p
                .delete({ productId: product.id })
                .where(({ updatedAt }, { eq }) => eq(updatedAt, product.updatedAt))
                .commit(),
              s.delete({ skuKey: styleCodeKey(product.sku) }).commit(),
              ...detail.variants.map((variant) =>
                v.delete({ productId: product.id, variantId: variant.id }).commit(),
              ),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['stale'],
      );
      return outcome;
    },

    listReleases: ({ from, brand }, page) =>
      queryPage(
        page,
        { index: 'gsi1', defaultLimit: DEFAULT_RELEASES_PAGE },
        ({ cursor, limit }) => {
          const query = products.query.byRelease({ catalogList: PRODUCTS_LIST }).gte({ releaseKey: from });
          if (!brand) return query.go({ order: 'asc', cursor, limit });
          // A filter applies after DynamoDB's Limit: read on in bounded pages until `limit`
          // products match (`count`), the cursor then being the last one answered.
          return query
            .where(({ brandKey }, { contains }) => contains(brandKey, brand))
            .go({ order: 'asc', cursor, count: limit, limit: Math.min(limit * FILTER_READ_FACTOR, 1000) });
        },
        toProduct,
      ),

    async *productPages() {
      let cursor: string | null = null;
      do {
        const page: { data: ProductRow[]; cursor: string | null } = await products.query
          .byRelease({ catalogList: PRODUCTS_LIST })
          .go({ order: 'desc', cursor, limit: REBUILD_PAGE });
        if (page.data.length > 0) yield page.data.map(toProduct);
        cursor = page.cursor;
      } while (cursor);
    },
  };
}

/** The outcome each item's condition names, in the order writeProducts puts the items. */
function writeConditions(writes: readonly ProductWrite[]): (string | null)[] {
  return [
    ...writes.flatMap((write, index) => [
      `stale#${index}`,
      ...(write.claimSkuKey ? [`skuTaken#${index}`] : []),
      ...(write.releaseSkuKey ? [`stale#${index}`] : []),
      ...write.putVariants.map(() => null),
      ...write.deleteVariantIds.map(() => null),
    ]),
    null,
  ];
}

function parseOutcome(outcome: string): WriteOutcome {
  if (outcome === 'committed') return 'committed';
  const [reason, index] = outcome.split('#');
  return { index: Number(index), reason: reason === 'skuTaken' ? 'skuTaken' : 'stale' };
}
