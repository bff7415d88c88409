import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { StockDeps } from './ports';
import { createStockRepository } from './repository';

/** Built on first use, so importing a function (CDK, tests) needs no environment. */
export const stockDeps = lazy((): StockDeps => {
  const { client, table } = tableAccess();
  return { repo: createStockRepository(client, table) };
});
