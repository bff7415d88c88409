import type { DocumentClient } from '@sneakers/shared/table/client';
import type { IndexManifest, SnapshotStorage } from './search/ports';
import type { StandaloneIndexEnv } from './search/snapshot-storage';
import type { CatalogIndex } from './search/catalog-index';

/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/catalog). The search engine loads on its own; the
 * rest loads when first called, so the cold-load bench's module figure is the engine's.
 */

/** The search engine: the catalogue benches (tests/bench/catalog-search.ts, catalog/cold-load.ts) build and load it. */
export { CatalogIndex, type SearchRequest, type SearchResult } from './search/catalog-index';

/** tests/bench/catalog/gateway.ts: the snapshots and their manifest, as the search function reads them. */
export async function indexSnapshots(env: StandaloneIndexEnv): Promise<SnapshotStorage> {
  const { standaloneSnapshotStorage } = await import('./search/snapshot-storage');
  return standaloneSnapshotStorage(env);
}

/** tests/bench/catalog/gateway.ts: installs an index (the 100k catalogue) as the next snapshot. */
export async function publishIndexSnapshot(
  env: StandaloneIndexEnv,
  index: CatalogIndex,
): Promise<IndexManifest> {
  const { publishSnapshot } = await import('./search/snapshot-storage');
  return publishSnapshot(env, index);
}

/** tests/bench/catalog-detail.ts: the product detail use case over a document client the bench counts. */
export async function productDetailReader(client: DocumentClient, table: string) {
  const [{ createCatalogRepository }, { getProductWithVariants }] = await Promise.all([
    import('./products/repository'),
    import('./products/domain'),
  ]);
  const deps = { repo: createCatalogRepository(client, table) };
  return (productId: string) => getProductWithVariants(deps, productId);
}

/** localstack/src/demo-seed/catalog.ts: which products hold these style-code keys (whether the demo catalogue is seeded). */
export async function productIdsBySkuKey(skuKeys: readonly string[]): Promise<Map<string, string>> {
  const { productsDeps } = await import('./products/deps');
  return productsDeps().repo.skuOwners(skuKeys);
}
