import { createEraseHandler } from '@sneakers/shared/portability/handler';
import { eraseAccountRows } from '@sneakers/shared/portability/owner';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { pricingEraseDeps } from '../portability/deps';

/**
 * pricing-portability: the erase of a closed account's strategies, runs and price history
 * (shared/src/contracts/portability.ts, ERASE_ONLY_SERVICES), invoked by the account deletion
 * sweep. No routes.
 */
export const pricingPortabilityFunction = defineFunction({
  name: 'pricing-portability',
  routes: [],
  consumers: [],
  invoke: createEraseHandler(() => eraseAccountRows(pricingEraseDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(pricingPortabilityFunction);
