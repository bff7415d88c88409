import { createEraseHandler } from '@sneakers/shared/portability/handler';
import { eraseAccountRows } from '@sneakers/shared/portability/owner';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { dealsEraseDeps } from '../portability/deps';

/**
 * deals-portability: the erase of a closed account's deals, matches and preferences
 * (shared/src/contracts/portability.ts, ERASE_ONLY_SERVICES), invoked by the account deletion
 * sweep. No routes.
 */
export const dealsPortabilityFunction = defineFunction({
  name: 'deals-portability',
  routes: [],
  consumers: [],
  invoke: createEraseHandler(() => eraseAccountRows(dealsEraseDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(dealsPortabilityFunction);
