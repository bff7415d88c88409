import { CATALOG_MAX_PAGE } from '@sneakers/shared';

/** What the catalogue shows, as the address holds it (shareable; the back button walks it). */
export interface CatalogSearch {
  q: string;
  brand: string;
  productType: string;
  page: number;
}

// `page` is taken: `/dashboard?page=catalog` picks the dashboard section.
const PARAMS = { q: 'q', brand: 'brand', productType: 'type', page: 'p' } as const;

export function readCatalogSearch(params: URLSearchParams): CatalogSearch {
  const page = Number(params.get(PARAMS.page));
  return {
    q: params.get(PARAMS.q) ?? '',
    brand: params.get(PARAMS.brand) ?? '',
    productType: params.get(PARAMS.productType) ?? '',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, CATALOG_MAX_PAGE) : 1,
  };
}

/** `params` with the catalogue's own keys replaced (others, like `page=catalog`, kept); defaults left out. */
export function writeCatalogSearch(params: URLSearchParams, search: CatalogSearch): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set(PARAMS.q, search.q);
  set(PARAMS.brand, search.brand);
  set(PARAMS.productType, search.productType);
  set(PARAMS.page, search.page > 1 ? String(search.page) : '');
  return next;
}

/** Pages of `pageSize` for `total` products, capped where the API stops serving pages. */
export function pageCount(total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.ceil(total / pageSize)), CATALOG_MAX_PAGE);
}
