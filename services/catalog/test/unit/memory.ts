import { fixedClock } from '@sneakers/shared/clock';
import type { Product, Variant } from '@sneakers/shared/contracts/catalog';
import { sequenceIds } from '@sneakers/shared/ids';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import type { CatalogRepository, ProductsChangedEvent, ProductsDeps } from '../../src/products/ports';
import { TRANSACTION_MAX_ITEMS, transactionItemCount } from '../../src/products/write-groups';
import { CatalogIndex } from '../../src/search/catalog-index';
import type { SearchDeps, SearchIndexStore } from '../../src/search/ports';

/**
 * In-memory ports with the store's semantics: transactions all-or-nothing with the same
 * conditions (SKU claimed only while unclaimed, rows written only while unchanged) and
 * DynamoDB's 100-item limit; releases from a day ascending, offset cursors.
 */
export function memoryDeps(at = '2026-11-22T10:00:00Z', overrides: Partial<ProductsDeps & SearchDeps> = {}) {
  const clock = fixedClock(at);
  const products = new Map<string, Product>();
  const variants = new Map<string, Map<string, Variant>>();
  const skus = new Map<string, string>();
  const events: ProductsChangedEvent[] = [];
  const clone = <T>(value: T): T => structuredClone(value);
  const variantsOf = (id: string) => {
    let map = variants.get(id);
    if (!map) variants.set(id, (map = new Map()));
    return map;
  };

  const repo: CatalogRepository = {
    getDetail: async (productId) => {
      const product = products.get(productId);
      if (!product) return null;
      return { product: clone(product), variants: [...variantsOf(productId).values()].map(clone) };
    },
    variantsByGtin: async (gtin) =>
      [...variants.values()].flatMap((map) => [...map.values()].filter((v) => v.gtin === gtin).map(clone)),
    getProducts: async (ids) =>
      ids.flatMap((id) => (products.has(id) ? [clone(products.get(id) as Product)] : [])),
    skuOwners: async (keys) =>
      new Map(keys.flatMap((k) => (skus.has(k) ? [[k, skus.get(k) as string]] : []))),
    writeProducts: async (writes, event) => {
      const items = writes.reduce((n, w) => n + transactionItemCount(w), 1);
      if (items > TRANSACTION_MAX_ITEMS) throw new Error(`transaction of ${items} items`);
      for (const [index, w] of writes.entries()) {
        const current = products.get(w.product.id);
        if (w.expectedUpdatedAt === null ? current : current?.updatedAt !== w.expectedUpdatedAt)
          return { index, reason: 'stale' };
        if (w.claimSkuKey && skus.has(w.claimSkuKey)) return { index, reason: 'skuTaken' };
        if (w.releaseSkuKey && skus.get(w.releaseSkuKey) !== w.product.id) return { index, reason: 'stale' };
      }
      for (const w of writes) {
        products.set(w.product.id, clone(w.product));
        if (w.claimSkuKey) skus.set(w.claimSkuKey, w.product.id);
        if (w.releaseSkuKey) skus.delete(w.releaseSkuKey);
        for (const v of w.putVariants) variantsOf(w.product.id).set(v.id, clone(v));
        for (const id of w.deleteVariantIds) variantsOf(w.product.id).delete(id);
      }
      events.push(event);
      return 'committed';
    },
    writeVariants: async (productId, put, deleteIds) => {
      for (const v of put) variantsOf(productId).set(v.id, clone(v));
      for (const id of deleteIds) variantsOf(productId).delete(id);
    },
    deleteProduct: async (detail, event) => {
      const current = products.get(detail.product.id);
      if (current?.updatedAt !== detail.product.updatedAt) return 'stale';
      products.delete(detail.product.id);
      skus.delete(styleCodeKey(detail.product.sku));
      variants.delete(detail.product.id);
      events.push(event);
      return 'committed';
    },
    listReleases: async ({ from, brand }, page) => {
      const all = [...products.values()]
        .filter((p) => p.releaseDate !== null && p.releaseDate >= from)
        .filter((p) => !brand || p.brand.toLowerCase().includes(brand))
        .sort((a, b) => `${a.releaseDate}#${a.id}`.localeCompare(`${b.releaseDate}#${b.id}`));
      const start = page.cursor ? Number(page.cursor) : 0;
      const end = start + (page.limit ?? 24);
      return { items: all.slice(start, end).map(clone), cursor: end < all.length ? String(end) : null };
    },
    async *productPages() {
      yield [...products.values()].map(clone);
    },
  };

  let index = CatalogIndex.build([]);
  const searchIndex: SearchIndexStore = {
    current: async () => index,
    applyChange: async ({ upserted, removed }) => {
      const found = await repo.getProducts(upserted);
      const ids = new Set(found.map((p) => p.id));
      index.upsert(found);
      index.remove([...removed, ...upserted.filter((id) => !ids.has(id))]);
    },
  };

  const deps: ProductsDeps & SearchDeps = {
    repo,
    searchIndex,
    clock,
    ids: sequenceIds('id'),
    ...overrides,
  };
  /** Delivers every event written so far to the index, as the consumer does. */
  const deliver = async () => {
    for (const event of events.splice(0)) await searchIndex.applyChange(event.detail.data);
  };
  const rebuild = () => {
    index = CatalogIndex.build([...products.values()]);
  };
  return { deps, clock, products, variants, skus, events, deliver, rebuild };
}
