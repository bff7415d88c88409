import { createEraseHandler } from '@sneakers/shared/portability/handler';
import { eraseAccountRows } from '@sneakers/shared/portability/owner';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { storeApiEraseDeps } from '../portability/deps';

/**
 * store-api-portability: the erase of a closed account's API keys and webhook endpoints
 * (shared/src/contracts/portability.ts, ERASE_ONLY_SERVICES), invoked by the account
 * deletion sweep. No routes.
 */
export const storeApiPortabilityFunction = defineFunction({
  name: 'store-api-portability',
  routes: [],
  consumers: [],
  invoke: createEraseHandler(() => eraseAccountRows(storeApiEraseDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(storeApiPortabilityFunction);
