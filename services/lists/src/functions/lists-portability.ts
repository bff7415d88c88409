import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { createPortabilityHandler } from '@sneakers/shared/portability/handler';
import { LISTS_PORTABILITY_TIMEOUT_SECONDS, portabilityOperations } from '../portability/deps';

/**
 * lists-portability: the items' side of data portability (shared/src/contracts/portability.ts),
 * answered to the migration domain's direct invocations: keys, apply, plan, undo, export and erase
 * of the inventory and the WTB, WTS and WTC lists. No routes.
 */
export const listsPortabilityFunction = defineFunction({
  name: 'lists-portability',
  routes: [],
  consumers: [],
  invoke: createPortabilityHandler(portabilityOperations),
  timeoutSeconds: LISTS_PORTABILITY_TIMEOUT_SECONDS,
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(listsPortabilityFunction);
