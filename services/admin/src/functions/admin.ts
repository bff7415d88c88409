import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { auditLogRoutes } from '../audit-log/routes';
import { impersonationRoutes } from '../impersonation/routes';
import { usersRoutes } from '../users/routes';

/**
 * admin: the users list, audited impersonation and the audit log, for superusers. It emits
 * and consumes no event: every change it makes is one transaction with its audit entry.
 */
export const adminFunction = defineFunction({
  name: 'admin',
  routes: [...usersRoutes, ...impersonationRoutes, ...auditLogRoutes],
  consumers: [],
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(adminFunction);
