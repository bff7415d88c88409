import { CATALOG_MARKET_SERVICE } from '@sneakers/shared/contracts/catalog-market';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createMarketInputsSource } from './domain';
import type { MarketInputsSource } from './ports';
import { createCatalogMarketReader, createNetworkIndexReader } from './repository';

/**
 * The runs' market inputs: the catalogue's `catalog-market` function through the Lambda Invoke
 * API and the deals index on the table. A function using it declares
 * `access: { table: 'readWrite', invokes: [CATALOG_MARKET_SERVICE] }` (the name `catalog-market`).
 * Built on first use, so importing a function (CDK, tests) needs no environment.
 */
export const marketInputsSource = lazy((): MarketInputsSource => {
  const env = runtimeEnv();
  const { client, table } = tableAccess();
  return createMarketInputsSource({
    catalog: createCatalogMarketReader((request) => invokeFunction(env, CATALOG_MARKET_SERVICE, request)),
    index: createNetworkIndexReader(client, table),
  });
});

export { CATALOG_MARKET_SERVICE };
