import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { fetcherClient } from '../fetcher/client';
import type { MarketDataDeps } from './ports';
import { createMarketDataStore } from './repository';

/** catalog-market's deps, built on first use: the table and catalog-fetcher (Lambda Invoke API). */
export const marketDataDeps = lazy((): MarketDataDeps => {
  const { client, table } = tableAccess();
  return { store: createMarketDataStore(client, table), fetcher: fetcherClient(), clock: systemClock };
});
