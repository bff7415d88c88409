import { CATALOG_MARKET_SERVICE } from '@sneakers/shared/contracts/catalog-market';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { FETCHER_SERVICE } from '../fetcher/protocol';
import { marketDataDeps } from '../market-data/deps';
import { createMarketDataHandler } from '../market-data/handle';

/**
 * catalog-market: the catalogue's market data for other services (pricing), answered to direct
 * invocations (shared/src/contracts/catalog-market.ts). It keeps a row per product and
 * currency and refreshes the old ones through catalog-fetcher, which alone reaches the
 * marketplace (docs/adr/0012). No routes.
 */
export const catalogMarketFunction = defineFunction({
  name: CATALOG_MARKET_SERVICE,
  routes: [],
  consumers: [],
  invoke: createMarketDataHandler(marketDataDeps),
  access: { table: 'readWrite', invokes: [FETCHER_SERVICE] },
});

export const handler = createInvokeHandler(catalogMarketFunction);
