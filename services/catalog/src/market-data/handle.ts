import * as z from 'zod/mini';
import {
  catalogMarketRequestSchema,
  type CatalogMarketAnswer,
} from '@sneakers/shared/contracts/catalog-market';
import { readMarketData } from './domain';
import type { MarketDataDeps } from './ports';

/**
 * catalog-market's invoke handler: parses the request and answers the rows. A request that
 * does not parse throws (the caller's bug, a FunctionError); so does any failure of the
 * table or of catalog-fetcher itself (upstream failures are per product, in the answer).
 */
export function createMarketDataHandler(deps: () => MarketDataDeps) {
  return async (payload: unknown): Promise<CatalogMarketAnswer> => {
    const request = z.safeParse(catalogMarketRequestSchema, payload);
    if (!request.success)
      throw new Error(`Not a market data request: ${request.error.issues[0]?.message ?? ''}`);
    return readMarketData(deps(), request.data);
  };
}
