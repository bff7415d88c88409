import { listNotifications, markNotificationRead } from '@sneakers/shared/contracts/notifications';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { inboxDeps } from './deps';
import * as inbox from './domain';

/** The signed-in user's own notifications. */
export const inboxRoutes: Route[] = [
  route(listNotifications, async ({ actor, query }) => inbox.listNotifications(inboxDeps(), actor, query)),
  route(
    markNotificationRead,
    async ({ actor, params, query }) =>
      inbox.markNotificationRead(inboxDeps(), actor, params.notificationId, query.language),
    { status: 200 },
  ),
];
