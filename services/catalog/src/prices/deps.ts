import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { productsDeps } from '../products/deps';
import type { PricesDeps } from './ports';
import { createStoreItems } from './repository';

/** The catalogue's store and the lists' inventory rows (read-only), built on first use. */
export const pricesDeps = lazy((): PricesDeps => {
  const { client, table } = tableAccess();
  return { repo: productsDeps().repo, storeItems: createStoreItems(client, table) };
});
