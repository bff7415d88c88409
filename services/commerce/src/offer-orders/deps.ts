import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { ordersDeps } from '../orders/deps';
import type { OfferOrdersDeps } from './ports';
import { createOfferOrdersRepository } from './repository';

/** Built on first use, with the orders area's clock and id generators. */
export const offerOrdersDeps = lazy((): OfferOrdersDeps => {
  const { client, table } = tableAccess();
  const { clock, ids, shareIds } = ordersDeps();
  return { repo: createOfferOrdersRepository(client, table), clock, ids, shareIds };
});
