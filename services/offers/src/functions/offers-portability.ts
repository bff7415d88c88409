import { createEraseHandler } from '@sneakers/shared/portability/handler';
import { eraseAccountRows } from '@sneakers/shared/portability/owner';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { offersEraseDeps } from '../portability/deps';

/**
 * offers-portability: the erase of a closed account's received offers, and its sent ones anonymised
 * (shared/src/contracts/portability.ts, ERASE_ONLY_SERVICES), invoked by the account deletion
 * sweep. No routes.
 */
export const offersPortabilityFunction = defineFunction({
  name: 'offers-portability',
  routes: [],
  consumers: [],
  invoke: createEraseHandler(() => eraseAccountRows(offersEraseDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(offersPortabilityFunction);
