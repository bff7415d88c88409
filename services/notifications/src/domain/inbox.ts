import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { Notification } from '@sneakers/shared/contracts/notifications';
import { NotFoundError } from '@sneakers/shared/errors';
import type { PageRequest } from '@sneakers/shared/paging/page';
import type { Language, Message } from '../emails';
import { inboxEvent } from './delivery';
import type { NotificationRecord, NotificationsDeps } from './ports';

/** The signed-in user's own notifications: list with the unread count, mark read. */

/** The text in `language`; a record from before texts were stored has only its own. */
export function textOf(
  record: Pick<NotificationRecord, 'title' | 'body' | 'texts'>,
  language: Language,
): Message {
  return record.texts?.[language] ?? { title: record.title, body: record.body };
}

function toNotification(record: NotificationRecord, language: Language): Notification {
  const { title, body } = textOf(record, language);
  return {
    id: record.id,
    type: record.type,
    title,
    body,
    link: record.link,
    read: record.read,
    createdAt: record.createdAt,
  };
}

/** The language asked for (the reader's UI), else the reader's profile language. */
async function readingLanguage(deps: NotificationsDeps, userId: string, asked: Language | undefined) {
  if (asked) return asked;
  return (await deps.repo.getRecipient(userId))?.language ?? 'en';
}

export async function listNotifications(
  deps: NotificationsDeps,
  actor: Actor,
  query: PageRequest & { language?: Language | undefined },
) {
  const user = requireUser(actor);
  const [page, unread, language] = await Promise.all([
    deps.repo.list(user.userId, query),
    deps.repo.unreadCount(user.userId),
    readingLanguage(deps, user.userId, query.language),
  ]);
  return {
    notifications: page.items.map((record) => toNotification(record, language)),
    unread,
    cursor: page.cursor,
  };
}

/**
 * Another user's id is 404, like a missing one. The answer is in `language` (the reader's
 * UI), else the recipient's profile language.
 */
export async function markNotificationRead(
  deps: NotificationsDeps,
  actor: Actor,
  id: string,
  asked?: Language,
) {
  const user = requireWriter(actor);
  const record = await deps.repo.markRead(
    user.userId,
    id,
    inboxEvent('read', id, user.userId, deps.clock.now()),
  );
  if (!record) throw new NotFoundError('Notification not found.', 'NOTIFICATION_NOT_FOUND');
  return { notification: toNotification(record, await readingLanguage(deps, user.userId, asked)) };
}
