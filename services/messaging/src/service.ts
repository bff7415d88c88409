import { defineService } from '@sneakers/shared/runtime/service';
import { messagingConsumers } from './consumers';
import { messagingRoutes } from './routes';

/** Messaging: the owner's things; `MessagingThing.Created` goes out through the outbox. */
export const messagingService = defineService({
  name: 'messaging',
  routes: messagingRoutes,
  consumers: messagingConsumers,
  access: { table: 'readWrite' },
});
