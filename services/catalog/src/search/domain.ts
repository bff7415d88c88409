import { requireUser, type Actor } from '@sneakers/shared/actor';
import { CATALOG_PAGE_SIZE, type Product } from '@sneakers/shared/contracts/catalog';
import type { SearchDeps } from './ports';

export interface SearchQuery {
  q?: string | undefined;
  brand?: string | undefined;
  productType?: string | undefined;
  page?: number | undefined;
}

/**
 * The catalogue's search (docs/product/catalogue.md#product-catalog-section) through the
 * in-memory index: newest release first (latest update first for superusers), pages of 24
 * with an exact total; no query lists the recent products.
 */
export async function searchProducts(
  deps: SearchDeps,
  actor: Actor,
  query: SearchQuery,
): Promise<{ products: Product[]; total: number; page: number; pageSize: number }> {
  const user = requireUser(actor);
  const index = await deps.searchIndex.current();
  const page = query.page ?? 1;
  const result = index.search({
    q: query.q || undefined,
    brand: query.brand || undefined,
    productType: query.productType || undefined,
    order: user.isSuperuser ? 'updated' : 'release',
    offset: (page - 1) * CATALOG_PAGE_SIZE,
    limit: CATALOG_PAGE_SIZE,
  });
  return { products: result.products, total: result.total, page, pageSize: CATALOG_PAGE_SIZE };
}

/** The brands and product types the filters offer. */
export async function catalogFacets(
  deps: SearchDeps,
  actor: Actor,
): Promise<{ brands: string[]; productTypes: string[] }> {
  requireUser(actor);
  return (await deps.searchIndex.current()).facets();
}
