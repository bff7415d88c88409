import { createPortabilityHandler } from '@sneakers/shared/portability/handler';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { commercePortabilityDeps } from '../portability/deps';
import { commercePortability } from '../portability/domain';

/**
 * commerce-portability: past sales for the migration tools (shared/src/contracts/portability.ts),
 * answered to direct invocations from the migration domain, and the erase of the store's
 * commerce rows when its account closes. No routes. Each call gets its own operations.
 */
export const commercePortabilityFunction = defineFunction({
  name: 'commerce-portability',
  routes: [],
  consumers: [],
  invoke: createPortabilityHandler(() => commercePortability(commercePortabilityDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(commercePortabilityFunction);
