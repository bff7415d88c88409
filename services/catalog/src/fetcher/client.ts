import type { Product, VariantInput } from '@sneakers/shared/contracts/catalog';
import { runtimeEnv, type RuntimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import type { ImportPageSource } from '../imports/ports';
import type { MarketDataMany } from '../market-data/shapes';
import type { Currency } from '@sneakers/shared/money';
import type { MarketplaceCalls } from '../marketplace/ports';
import type { MappedReleases, ReleaseFeed } from '../releases/ports';
import { FETCHER_SERVICE, fetcherResultSchemas, readAnswer } from './protocol';
import type { FetcherRequest } from './request';

/** Sends one request to the fetcher and answers its raw response (the Lambda Invoke API in a deployment). */
export type FetcherTransport = (request: FetcherRequest) => Promise<unknown>;

export interface FetcherClient {
  /** The test page's raw calls. */
  marketplace: MarketplaceCalls;
  /** Data population's pages, mapped. */
  importPages: ImportPageSource;
  /** Refresh variants: the product's current variants, mapped. */
  variantsOf(product: Product): Promise<VariantInput[]>;
  /** The scraper's calendar, mapped. */
  releases: ReleaseFeed;
  /**
   * Many products' market data (by marketplace id), in cents, paced by the fetcher (catalog-market);
   * no request starts after `budgetMs` (those products answer `pending`).
   */
  marketDataMany(
    products: readonly { productId: string; currency: Currency }[],
    budgetMs?: number,
  ): Promise<MarketDataMany>;
}

/**
 * The marketplace and the release calendar as catalog-ingest sees them: the ports its use
 * cases take, each call a request to catalog-fetcher, which alone holds the credentials,
 * reaches the internet and maps upstream data to catalogue inputs (docs/adr/0012).
 */
export function createFetcherClientOver(send: FetcherTransport): FetcherClient {
  const s = fetcherResultSchemas;
  return {
    marketplace: {
      searchCatalog: async (query, opts = {}) =>
        readAnswer(
          'searchCatalog',
          s.searchCatalog,
          await send({ op: 'searchCatalog', query, pageNumber: opts.pageNumber, pageSize: opts.pageSize }),
        ),
      getProduct: async (productId, opts = {}) =>
        readAnswer(
          'getProduct',
          s.getProduct,
          await send({ op: 'getProduct', productId, fresh: opts.fresh }),
        ),
      getProductVariants: async (productId, opts = {}) =>
        readAnswer(
          'getProductVariants',
          s.getProductVariants,
          await send({ op: 'getProductVariants', productId, fresh: opts.fresh }),
        ),
      getProductVariant: async (productId, variantId) =>
        readAnswer(
          'getProductVariant',
          s.getProductVariant,
          await send({ op: 'getProductVariant', productId, variantId }),
        ),
      getMarketDataProduct: async (productId, currency) =>
        readAnswer(
          'getMarketDataProduct',
          s.getMarketDataProduct,
          await send({ op: 'getMarketDataProduct', productId, currency }),
        ),
      getMarketDataVariant: async (productId, variantId, currency) =>
        readAnswer(
          'getMarketDataVariant',
          s.getMarketDataVariant,
          await send({ op: 'getMarketDataVariant', productId, variantId, currency }),
        ),
    },
    importPages: {
      fetchPage: async (job, page) =>
        readAnswer(
          'importPage',
          s.importPage,
          await send({ op: 'importPage', mode: job.mode, value: job.value, page }),
        ),
    },
    variantsOf: async (product) =>
      readAnswer('refreshVariants', s.refreshVariants, await send({ op: 'refreshVariants', product })),
    releases: {
      fetchMapped: async (): Promise<MappedReleases> =>
        readAnswer('fetchReleases', s.fetchReleases, await send({ op: 'fetchReleases' })),
    },
    marketDataMany: async (products, budgetMs) =>
      readAnswer(
        'getMarketDataMany',
        s.getMarketDataMany,
        await send({
          op: 'getMarketDataMany',
          products: [...products],
          ...(budgetMs === undefined ? {} : { budgetMs }),
        }),
      ),
  };
}

/** The deployment's client: FUNCTION_CATALOG_FETCHER through the Lambda Invoke API. */
export function createFetcherClient(env: Pick<RuntimeEnv, 'AWS_REGION' | 'LAMBDA_ENDPOINT'>): FetcherClient {
  return createFetcherClientOver((request) => invokeFunction(env, FETCHER_SERVICE, request));
}

/** One client per container, built on first use. */
export const fetcherClient = lazy(() => createFetcherClient(runtimeEnv()));
