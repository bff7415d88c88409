import * as z from 'zod/mini';
import { fetchImportPage } from '../imports/import-page';
import { fetchMarketDataMany, type Pacer } from '../market-data/fetch-many';
import type { MarketplaceClient } from '../marketplace/client';
import { marketplaceVariantsOf } from '../marketplace/refresh-source';
import { mappedReleases } from '../releases/feed';
import type { ReleaseSource } from '../releases/source';
import { errorAnswer, type FetcherResponse } from './protocol';
import { fetcherRequestSchema, type FetcherRequest } from './request';

export interface FetcherDeps {
  marketplace: MarketplaceClient;
  releases: ReleaseSource;
  /** Paces market data refreshes (the container's own when absent). */
  marketPacer?: Pacer;
}

async function run(deps: FetcherDeps, request: FetcherRequest): Promise<unknown> {
  const { marketplace } = deps;
  switch (request.op) {
    case 'searchCatalog':
      return marketplace.searchCatalog(request.query, {
        ...(request.pageNumber === undefined ? {} : { pageNumber: request.pageNumber }),
        ...(request.pageSize === undefined ? {} : { pageSize: request.pageSize }),
      });
    case 'getProduct':
      return marketplace.getProduct(request.productId, { fresh: request.fresh === true });
    case 'getProductVariants':
      return marketplace.getProductVariants(request.productId, { fresh: request.fresh === true });
    case 'getProductVariant':
      return marketplace.getProductVariant(request.productId, request.variantId);
    case 'getMarketDataProduct':
      return marketplace.getMarketDataProduct(request.productId, request.currency);
    case 'getMarketDataVariant':
      return marketplace.getMarketDataVariant(request.productId, request.variantId, request.currency);
    case 'importPage':
      return fetchImportPage(marketplace, { mode: request.mode, value: request.value }, request.page);
    case 'refreshVariants':
      return marketplaceVariantsOf(marketplace, request.product);
    case 'fetchReleases':
      return mappedReleases(deps.releases).fetchMapped();
    case 'getMarketDataMany':
      return fetchMarketDataMany(
        marketplace,
        request.products,
        deps.marketPacer,
        request.budgetMs === undefined ? undefined : { budgetMs: request.budgetMs },
      );
  }
}

/**
 * The fetcher's side of the protocol: parses the request, calls the upstream through the
 * container's clients (their token and cache live as long as the container) and answers
 * `{ ok: true, result }`, or an upstream failure as `{ ok: false, error }`. A request that
 * does not parse, or any other error, throws: a bug in the caller, not an upstream answer.
 */
export function createFetcherHandler(deps: () => FetcherDeps) {
  return async (payload: unknown): Promise<FetcherResponse> => {
    const request = z.safeParse(fetcherRequestSchema, payload);
    if (!request.success) throw new Error(`Not a fetcher request: ${request.error.issues[0]?.message ?? ''}`);
    try {
      return { ok: true, result: await run(deps(), request.data) };
    } catch (error) {
      const answer = errorAnswer(error);
      if (answer) return answer;
      throw error;
    }
  };
}
