import { createEraseHandler } from '@sneakers/shared/portability/handler';
import { eraseAccountRows } from '@sneakers/shared/portability/owner';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { flagsEraseDeps } from '../portability/deps';

/**
 * flags-portability: the erase of a closed account's feature grants and overrides
 * (shared/src/contracts/portability.ts, ERASE_ONLY_SERVICES), invoked by the account
 * deletion sweep. No routes.
 */
export const flagsPortabilityFunction = defineFunction({
  name: 'flags-portability',
  routes: [],
  consumers: [],
  invoke: createEraseHandler(() => eraseAccountRows(flagsEraseDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(flagsPortabilityFunction);
