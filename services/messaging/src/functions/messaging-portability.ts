import { createEraseHandler } from '@sneakers/shared/portability/handler';
import { eraseAccountRows } from '@sneakers/shared/portability/owner';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { messagingEraseDeps } from '../portability/deps';

/**
 * messaging-portability: the erase of a closed account's conversations, ratings and trading partners
 * (shared/src/contracts/portability.ts, ERASE_ONLY_SERVICES), invoked by the account deletion
 * sweep. No routes.
 */
export const messagingPortabilityFunction = defineFunction({
  name: 'messaging-portability',
  routes: [],
  consumers: [],
  invoke: createEraseHandler(() => eraseAccountRows(messagingEraseDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(messagingPortabilityFunction);
