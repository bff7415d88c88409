import type { ProductInput } from '@sneakers/shared/contracts/catalog';
import { AppError } from '@sneakers/shared/errors';
import type { MarketplaceClient, MpProduct } from '../marketplace/client';
import { mapProduct } from '../marketplace/mapping';
import { IMPORT_PAGE_SIZE, type ImportMode, type ImportPageData, type ImportPageSource } from './ports';

/** Variants fetched in parallel per step: enough to be quick, few enough for the API's rate limit. */
const VARIANT_CONCURRENCY = 5;

const brandKey = (brand: string) => brand.trim().toLowerCase();

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of results. */
async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * One marketplace page of an import job as catalogue inputs: search, then each product's
 * variants, mapped. A product that fails validation, its variants or the mapping counts as
 * failed; only the search failing throws (the step fails and is retried).
 */
export async function fetchImportPage(
  api: MarketplaceClient,
  job: { mode: ImportMode; value: string },
  page: number,
): Promise<ImportPageData> {
  const result = await api.searchCatalog(job.value, { pageNumber: page, pageSize: IMPORT_PAGE_SIZE });
  // A brand search also finds other brands' products naming it (a "Nike x Sacai" title, say).
  const wanted =
    job.mode === 'brand'
      ? result.products.filter((p) => brandKey(p.brand) === brandKey(job.value))
      : result.products;
  let failed = result.rejected;
  const mapped = await mapConcurrent(wanted, VARIANT_CONCURRENCY, async (product: MpProduct) => {
    try {
      const variants = await api.getProductVariants(product.productId);
      const outcome = mapProduct(product, variants);
      return outcome.ok ? outcome.value.input : null;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  });
  const inputs: ProductInput[] = [];
  for (const input of mapped) {
    if (input) inputs.push(input);
    else failed++;
  }
  return { count: result.count, pageSize: result.pageSize, hasNextPage: result.hasNextPage, inputs, failed };
}

/** Import pages straight from a marketplace client (what catalog-fetcher runs). */
export function marketplacePages(api: MarketplaceClient): ImportPageSource {
  return { fetchPage: (job, page) => fetchImportPage(api, job, page) };
}
