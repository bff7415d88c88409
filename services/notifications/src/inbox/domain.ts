import { createHash } from 'node:crypto';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type { Clock } from '@sneakers/shared/clock';
import type { Notification } from '@sneakers/shared/contracts/notifications';
import { NotFoundError } from '@sneakers/shared/errors';
import { ulid } from '@sneakers/shared/ids';
import type { PageRequest } from '@sneakers/shared/paging/page';
import { buildEvent, notificationAdded, notificationRead as notificationReadEvent } from '@sneakers/events';
import type { Language, Message } from '../emails';
import type { InboxDeps, InboxRepository, NewNotification, NotificationRecord } from './ports';

/**
 * The in-app notifications (docs/product/notifications-and-emails.md#in-app-notifications):
 * the signed-in user's own list and mark read, adding one for an event, and the
 * `Notification.Added` / `Notification.Read` events their changes publish.
 */

/** The text in `language`; a record from before texts were stored has only its own. */
export function textOf(
  record: { title: string; body: string; texts: Partial<Record<Language, Message | null>> | null },
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
async function readingLanguage(deps: InboxDeps, userId: string, asked: Language | undefined) {
  if (asked) return asked;
  return (await deps.inbox.getRecipient(userId))?.language ?? 'en';
}

export async function listNotifications(
  deps: InboxDeps,
  actor: Actor,
  query: PageRequest & { language?: Language | undefined },
) {
  const user = requireUser(actor);
  const [page, unread, language] = await Promise.all([
    deps.inbox.list(user.userId, query),
    deps.inbox.unreadCount(user.userId),
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
export async function markNotificationRead(deps: InboxDeps, actor: Actor, id: string, asked?: Language) {
  const user = requireWriter(actor);
  const record = await deps.inbox.markRead(
    user.userId,
    id,
    inboxEvent('read', id, user.userId, deps.clock.now()),
  );
  if (!record) throw new NotFoundError('Notification not found.', 'NOTIFICATION_NOT_FOUND');
  return { notification: toNotification(record, await readingLanguage(deps, user.userId, asked)) };
}

/** Deterministic and time-sortable: a ULID of the event time with randomness from eventId+recipient. */
export function notificationId(eventId: string, recipientUserId: string, occurredAt: string): string {
  const seed = createHash('sha256').update(`${eventId}\u0000${recipientUserId}`).digest().subarray(0, 10);
  return ulid(Date.parse(occurredAt), seed);
}

/** A notification's text in every supported language, from one template. */
export function renderTexts(render: (language: Language) => Message): Record<Language, Message> {
  // Spelled out so that adding a language to LANGUAGES fails to compile here until it is rendered.
  return { en: render('en'), es: render('es') };
}

/**
 * Adds the in-app notification of an event (a redelivery finds it there and adds nothing),
 * and publishes Notification.Added with it, so the recipient's open browsers refetch.
 *
 * `message` is the template: rendered in every supported language and stored, so the list
 * answers in whichever language the reader's UI is in. A ready `Message` (one language) is
 * still accepted and is then all the notification has. `language` is the recipient's, for
 * the record's own title and body (what readers without `texts` show).
 */
export async function addNotification(
  deps: { inbox: Pick<InboxRepository, 'add'>; clock: Clock },
  input: NewNotification,
): Promise<void> {
  const language = input.language ?? 'en';
  let texts: Record<Language, Message> | null = null;
  let own: Message;
  if (typeof input.message === 'function') {
    texts = renderTexts(input.message);
    own = texts[language];
  } else own = input.message;
  const id = notificationId(input.eventId, input.recipientUserId, input.occurredAt);
  const record: NotificationRecord = {
    id,
    recipientUserId: input.recipientUserId,
    eventId: input.eventId,
    type: input.type,
    title: own.title,
    body: own.body,
    texts,
    link: input.link,
    read: false,
    createdAt: input.occurredAt,
  };
  await deps.inbox.add(record, inboxEvent('added', id, input.recipientUserId, deps.clock.now()));
}

/**
 * The inbox event of one change. Its id derives from the notification (a notification is
 * added once and turns read once), so the outbox never holds two events for one change.
 */
export function inboxEvent(
  change: 'added' | 'read',
  notificationId: string,
  recipientUserId: string,
  now: Date,
) {
  return buildEvent(
    change === 'added' ? notificationAdded : notificationReadEvent,
    { notificationId, recipientUserId },
    { eventId: `${notificationId}.${change}`, occurredAt: now.toISOString() },
  );
}
