import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { emailsConsumers } from '../emails/consumers';
import { inboxRoutes } from '../inbox/routes';

/**
 * notifications: the in-app inbox, and the emails (and in-app notifications) of the offers,
 * crm, providers, commerce, messaging, profiles and billing events.
 */
export const notificationsFunction = defineFunction({
  name: 'notifications',
  routes: inboxRoutes,
  consumers: emailsConsumers,
  access: { table: 'readWrite', sendsEmail: true },
});

export const handler = createLambdaHandler(notificationsFunction);
