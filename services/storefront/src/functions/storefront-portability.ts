import { createEraseHandler } from '@sneakers/shared/portability/handler';
import { eraseAccountRows } from '@sneakers/shared/portability/owner';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { storefrontEraseDeps } from '../portability/deps';

/**
 * storefront-portability: the erase of a closed account's online store
 * (shared/src/contracts/portability.ts, ERASE_ONLY_SERVICES), invoked by the account deletion
 * sweep. No routes.
 */
export const storefrontPortabilityFunction = defineFunction({
  name: 'storefront-portability',
  routes: [],
  consumers: [],
  invoke: createEraseHandler(() => eraseAccountRows(storefrontEraseDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(storefrontPortabilityFunction);
