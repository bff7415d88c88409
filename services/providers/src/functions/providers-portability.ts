import { createPortabilityHandler } from '@sneakers/shared/portability/handler';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { providersPortabilityDeps } from '../portability/deps';
import { providersPortability } from '../portability/domain';

/**
 * providers-portability: the providers' and consignments' side of the migration tools
 * (shared/src/contracts/portability.ts), answered to direct invocations from the migration
 * domain. No routes. Each call gets its own operations (they remember the rows they read).
 */
export const providersPortabilityFunction = defineFunction({
  name: 'providers-portability',
  routes: [],
  consumers: [],
  invoke: createPortabilityHandler(() => providersPortability(providersPortabilityDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(providersPortabilityFunction);
