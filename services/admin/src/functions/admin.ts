import { defineFunction } from '@sneakers/shared/runtime/function';
import { adminRoutes } from './routes';

/**
 * Admin (issue 12): the users list, audited impersonation and the audit log, for
 * superusers. It emits and consumes no event: every change it makes is one transaction
 * with its audit entry.
 */
export const adminService = defineFunction({
  name: 'admin',
  routes: adminRoutes,
  consumers: [],
  access: { table: 'readWrite' },
});
