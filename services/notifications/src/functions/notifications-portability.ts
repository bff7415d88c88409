import { createEraseHandler } from '@sneakers/shared/portability/handler';
import { eraseAccountRows } from '@sneakers/shared/portability/owner';
import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { notificationsEraseDeps } from '../portability/deps';

/**
 * notifications-portability: the erase of a closed account's in-app notifications
 * (shared/src/contracts/portability.ts, ERASE_ONLY_SERVICES), invoked by the account deletion
 * sweep. No routes.
 */
export const notificationsPortabilityFunction = defineFunction({
  name: 'notifications-portability',
  routes: [],
  consumers: [],
  invoke: createEraseHandler(() => eraseAccountRows(notificationsEraseDeps())),
  access: { table: 'readWrite' },
});

export const handler = createInvokeHandler(notificationsPortabilityFunction);
