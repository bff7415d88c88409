import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { Notification } from '@sneakers/shared/contracts/notifications';
import { NotFoundError } from '@sneakers/shared/errors';
import type { PageRequest } from '@sneakers/shared/paging/page';
import type { NotificationRecord, NotificationsDeps } from './ports';

/** The signed-in user's own notifications: list with the unread count, mark read. */
function toNotification(record: NotificationRecord): Notification {
  return {
    id: record.id,
    type: record.type,
    title: record.title,
    body: record.body,
    link: record.link,
    read: record.read,
    createdAt: record.createdAt,
  };
}

export async function listNotifications(deps: NotificationsDeps, actor: Actor, query: PageRequest) {
  const user = requireUser(actor);
  const [page, unread] = await Promise.all([
    deps.repo.list(user.userId, query),
    deps.repo.unreadCount(user.userId),
  ]);
  return { notifications: page.items.map(toNotification), unread, cursor: page.cursor };
}

/** Another user's id is 404, like a missing one. */
export async function markNotificationRead(deps: NotificationsDeps, actor: Actor, id: string) {
  const user = requireWriter(actor);
  const record = await deps.repo.markRead(user.userId, id);
  if (!record) throw new NotFoundError('Notification not found.', 'NOTIFICATION_NOT_FOUND');
  return { notification: toNotification(record) };
}
