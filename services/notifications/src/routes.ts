import { listNotifications, markNotificationRead } from '@sneakers/shared/contracts/notifications';
import { route } from '@sneakers/shared/runtime/function';
import { notificationsDeps } from './deps';
import * as inbox from './domain/inbox';

export const notificationsRoutes = [
  route(listNotifications, async ({ actor, query }) =>
    inbox.listNotifications(notificationsDeps(), actor, query),
  ),
  route(
    markNotificationRead,
    async ({ actor, params, query }) =>
      inbox.markNotificationRead(notificationsDeps(), actor, params.notificationId, query.language),
    { status: 200 },
  ),
];
