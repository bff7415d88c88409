import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { fetcherClient } from '../fetcher/client';
import { productsDeps } from '../products/deps';
import { upsertProducts } from '../products/domain';
import type { ImportDeps } from './ports';
import { createImportStore } from './repository';

/**
 * Data population's deps (catalog-ingest): the jobs' store, the marketplace's pages through
 * catalog-fetcher (docs/adr/0012) and the catalogue's upsert by SKU. Built on first use.
 */
export const importDeps = lazy((): ImportDeps => {
  const { client, table } = tableAccess();
  const products = productsDeps();
  return {
    imports: createImportStore(client, table),
    pages: fetcherClient().importPages,
    upsert: (inputs) => upsertProducts(products, inputs),
    clock: products.clock,
    ids: products.ids,
  };
});
