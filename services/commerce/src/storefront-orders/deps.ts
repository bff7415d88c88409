import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { ordersDeps } from '../orders/deps';
import type { StorefrontOrdersDeps } from './ports';
import { createStorefrontOrdersRepository } from './repository';

/** Built on first use, with the orders area's clock and id generators. */
export const storefrontOrdersDeps = lazy((): StorefrontOrdersDeps => {
  const { client, table } = tableAccess();
  const { clock, ids, shareIds } = ordersDeps();
  return { repo: createStorefrontOrdersRepository(client, table), clock, ids, shareIds };
});
