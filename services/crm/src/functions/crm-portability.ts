import { createPortabilityHandler } from '@sneakers/shared/portability/handler';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { crmPortability } from '../portability/domain';
import { crmPortabilityDeps } from '../portability/deps';

/**
 * crm-portability: the clients' and bookings' side of the migration tools
 * (shared/src/contracts/portability.ts), answered to direct invocations from the migration
 * domain. No routes. Each call gets its own operations (they remember the rows they read).
 */
export const crmPortabilityFunction = defineFunction({
  name: 'crm-portability',
  routes: [],
  consumers: [],
  invoke: createPortabilityHandler(() => crmPortability(crmPortabilityDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(crmPortabilityFunction);
