import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { ProductsDeps } from './ports';
import { createCatalogRepository } from './repository';

/**
 * The catalogue's store, as every catalog function with the table uses it (the search
 * index, imports and the scraper build on it). Built on first use, so importing a function
 * (CDK, tests) needs no environment.
 */
export const productsDeps = lazy((): ProductsDeps => {
  const { client, table } = tableAccess();
  return { repo: createCatalogRepository(client, table), clock: systemClock, ids: ulidGenerator };
});
