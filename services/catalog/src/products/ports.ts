import type { Clock } from '@sneakers/shared/clock';
import type { Product, Variant } from '@sneakers/shared/contracts/catalog';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { catalogProductsChanged } from '@sneakers/events/catalog';
import type { buildEvent } from '@sneakers/events/define-event';

/**
 * What the products' use cases need (`repository.ts` implements it; `test/unit/memory.ts`
 * in memory). Records are the contract's `Product` and `Variant`: the repository maps the
 * rows' key names (`productId`, `variantId`) and derived keys to them.
 */

export type ProductsChangedEvent = ReturnType<typeof buildEvent<typeof catalogProductsChanged.data>>;

export interface ProductDetail {
  product: Product;
  /** In storage order; the use cases sort them by size. */
  variants: Variant[];
}

/** One product's rows in a catalogue write. */
export interface ProductWrite {
  /** The whole product as it will be stored. */
  product: Product;
  /** The row's `updatedAt` as read (the write holds only while it is unchanged); null: a new product. */
  expectedUpdatedAt: string | null;
  /** The SKU key this write claims (a new product, or an update that changes the SKU): only while unclaimed. */
  claimSkuKey: string | null;
  /** The SKU key an update gives up (its SKU changed). */
  releaseSkuKey: string | null;
  /** Variants created or changed (whole rows). */
  putVariants: Variant[];
  /** Ids of the variants that go. */
  deleteVariantIds: string[];
}

/**
 * How a catalogue write ended: committed, or which product (index into the writes) lost
 * a race: its SKU was claimed meanwhile ('skuTaken') or its row changed or went ('stale').
 */
export type WriteOutcome = 'committed' | { index: number; reason: 'skuTaken' | 'stale' };

export interface ReleaseQuery {
  /** Release dates on or after this day (YYYY-MM-DD), ascending. */
  from: string;
  /** Lower-cased; brand contains it. */
  brand?: string | undefined;
}

export interface CatalogRepository {
  /** The product and its variants: ONE Query (collection `productDetail`); null when absent. */
  getDetail(productId: string): Promise<ProductDetail | null>;
  /** The variants whose box has this GTIN-14 (gsi1 `byGtin`, one Query), at most a few. */
  variantsByGtin(gtin: string): Promise<Variant[]>;
  /** Products by id (BatchGetItem); absent ids are left out. */
  getProducts(productIds: readonly string[]): Promise<Product[]>;
  /** SKU key → the product holding it (BatchGetItem, consistent); unclaimed keys are left out. */
  skuOwners(skuKeys: readonly string[]): Promise<Map<string, string>>;
  /**
   * ONE TransactWriteItems per call: every product's row, SKU rows and variants, and the
   * outbox event. The caller keeps writes within DynamoDB's 100 items
   * (`transactionItemCount`); variants beyond that go through `writeVariants`.
   */
  writeProducts(writes: readonly ProductWrite[], event: ProductsChangedEvent): Promise<WriteOutcome>;
  /** Variant rows only (the overflow of a product with very many variant changes); idempotent. */
  writeVariants(productId: string, put: readonly Variant[], deleteIds: readonly string[]): Promise<void>;
  /**
   * ONE transaction: the product (only while its `updatedAt` is still `expectedUpdatedAt`),
   * its SKU row, its variants and the outbox event. 'stale' when it changed or went meanwhile.
   */
  deleteProduct(detail: ProductDetail, event: ProductsChangedEvent): Promise<'committed' | 'stale'>;
  /** Upcoming releases, soonest first (gsi1 ascending from `from`), cursor pages. */
  listReleases(query: ReleaseQuery, page: PageRequest): Promise<Page<Product>>;
  /** Every product, page by page (gsi1, newest release first): the search index's rebuild. */
  productPages(): AsyncIterable<Product[]>;
}

/** What the catalogue's reads and writes need: every catalog function with the table has these. */
export interface ProductsDeps {
  repo: CatalogRepository;
  clock: Clock;
  ids: IdGenerator;
}
